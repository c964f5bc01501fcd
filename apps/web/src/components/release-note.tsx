import { Plural, Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";

/**
 * Results come from released states (issue 17.1, docs/reports.md "Released results"): they advance
 * in steps of at least the anonymity threshold of new answers. Says what is held back, and that a
 * running survey's results move in steps, wherever personnel results are shown.
 */
export function ReleaseNote({
  heldBack,
  threshold,
  running,
}: {
  heldBack: number;
  threshold: number;
  running: boolean;
}) {
  if (heldBack === 0 && !running) return null;
  return (
    <Text size="sm" c="dark.5">
      {heldBack > 0 ? (
        <Plural
          value={heldBack}
          one={`# answer is held back to protect anonymity until there are ${threshold}.`}
          other={`# answers are held back to protect anonymity until there are ${threshold}.`}
        />
      ) : null}{" "}
      {running ? (
        <Trans>
          Interim results: the survey is still running. Its results update in steps of at least {threshold}{" "}
          answers.
        </Trans>
      ) : null}
    </Text>
  );
}
