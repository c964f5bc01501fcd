import type { AppRouter } from "@kunto/api";
import { BRAND_COLOR_PATTERN, IMAGE_TYPES, MAX_IMAGE_BYTES, sanitizeFileName } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, ColorInput, FileButton, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { errorKeyMessage, errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { useBrandLogo } from "../dashboard/branding";
import { PlanNote } from "../dashboard/plan-note";
import { readBase64 } from "../profile/avatar-upload";

type Branding = inferRouterOutputs<AppRouter>["tenant"]["branding"];

/**
 * The branded dashboard's settings (TOTAL plan, document 2 §6): the organisation's logo (PNG, JPEG
 * or WebP, at most 2 MB) and brand colour. On other plans a plan note; what was saved on TOTAL is
 * kept but not shown, and a stored logo can still be removed.
 */
export function BrandingCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.tenant.branding.queryOptions());
  if (!data) return null;
  const onSaved = (next: Branding) => queryClient.setQueryData(trpc.tenant.branding.queryKey(), next);
  return (
    <Card component="section" aria-labelledby="branding-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="branding-title">
          <Trans>Dashboard branding</Trans>
        </Title>
        {data.available ? (
          <>
            <LogoField logoKey={data.logo?.key ?? null} onSaved={onSaved} />
            <ColorField color={data.color} onSaved={onSaved} />
          </>
        ) : (
          <>
            <PlanNote plan="TOTAL">
              <Trans>
                Your organisation's logo and colour on the dashboard are included in the TOTAL plan.
              </Trans>
            </PlanNote>
            {data.logo || data.color ? (
              <Text size="sm">
                <Trans>The logo and colour saved earlier are kept but not shown on the current plan.</Trans>
              </Text>
            ) : null}
            {data.logo ? <RemoveLogoButton onSaved={onSaved} /> : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

function LogoField({ logoKey, onSaved }: { logoKey: string | null; onSaved: (b: Branding) => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const src = useBrandLogo(logoKey);
  const upload = useMutation(
    trpc.tenant.uploadLogo.mutationOptions({
      onSuccess: onSaved,
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const onFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notifications.show({ color: "red", message: errorKeyMessage("invalid_image") });
      return;
    }
    upload.mutate({ data: await readBase64(file), fileName: sanitizeFileName(file.name, "logo") });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        <Trans>Logo</Trans>
      </Text>
      {src ? (
        <img src={src} alt={t`Current logo`} style={{ maxHeight: 64, maxWidth: 160, objectFit: "contain" }} />
      ) : (
        <Text size="sm" c="dark.5">
          <Trans>No logo yet.</Trans>
        </Text>
      )}
      <Text size="xs" c="dark.5">
        <Trans>Shown beside the dashboard's title. A PNG, JPEG or WebP file of at most 2 MB.</Trans>
      </Text>
      <Group gap="sm">
        <FileButton onChange={(file) => void onFile(file)} accept={IMAGE_TYPES.join(",")}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} />}
              loading={upload.isPending}
            >
              {logoKey ? <Trans>Replace logo</Trans> : <Trans>Upload logo</Trans>}
            </Button>
          )}
        </FileButton>
        {logoKey ? <RemoveLogoButton onSaved={onSaved} /> : null}
      </Group>
    </Stack>
  );
}

function RemoveLogoButton({ onSaved }: { onSaved: (b: Branding) => void }) {
  const trpc = useTRPC();
  const remove = useMutation(
    trpc.tenant.removeLogo.mutationOptions({
      onSuccess: onSaved,
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  return (
    <Button
      variant="subtle"
      color="red.9"
      leftSection={<IconTrash size={16} />}
      loading={remove.isPending}
      onClick={() => remove.mutate({})}
    >
      <Trans>Remove logo</Trans>
    </Button>
  );
}

function ColorField({ color, onSaved }: { color: string | null; onSaved: (b: Branding) => void }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const [value, setValue] = useState(color ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.tenant.setBranding.mutationOptions({
      onSuccess: (next) => {
        onSaved(next);
        setValue(next.color ?? "");
        notifications.show({
          color: "green",
          message: next.color ? t`The brand colour has been saved.` : t`The brand colour has been removed.`,
        });
      },
      onError: (failure) => setError(errorMessage(failure)),
    }),
  );
  const submit = (next: string | null) => {
    if (next !== null && !BRAND_COLOR_PATTERN.test(next.trim())) {
      setError(errorKeyMessage("invalid_color"));
      return;
    }
    setError(null);
    save.mutate({ color: next === null ? null : next.trim() });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit(value);
      }}
    >
      <Stack gap="xs">
        <ColorInput
          label={t`Brand colour`}
          description={t`A line in this colour marks the dashboard's title and cards. Texts keep their own colours, so they stay readable.`}
          placeholder="#1a6bcc"
          format="hex"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          maw={320}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending && save.variables?.color !== null}>
            <Trans>Save colour</Trans>
          </Button>
          {color ? (
            <Button
              variant="subtle"
              color="red.9"
              loading={save.isPending && save.variables?.color === null}
              onClick={() => submit(null)}
            >
              <Trans>Remove colour</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
