import { Plural, Trans } from "@lingui/react/macro";
import { Alert } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";

/** The anonymity rule said plainly wherever numbers are withheld (DECISIONS.md "Anonymity"). */
export function WithheldNote({ missing }: { missing: number | null }) {
  return (
    <Alert
      color="gray"
      icon={<IconLock size={18} />}
      title={<Trans>Not enough answers to protect anonymity</Trans>}
    >
      {missing !== null ? (
        <Plural
          value={missing}
          one="The numbers are shown once # more person has answered."
          other="The numbers are shown once # more people have answered."
        />
      ) : null}
    </Alert>
  );
}
