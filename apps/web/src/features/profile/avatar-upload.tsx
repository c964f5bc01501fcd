import { IMAGE_TYPES, MAX_IMAGE_BYTES, sanitizeFileName } from "@kunto/core";
import { Trans } from "@lingui/react/macro";
import { Button, FileButton } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorKeyMessage, errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";

export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Picks a PNG, JPEG or WebP picture of at most 2 MB and makes it the profile picture. */
export function AvatarUpload() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const upload = useMutation(
    trpc.user.uploadImage.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() }),
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const onFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES || !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      notifications.show({ color: "red", message: errorKeyMessage("invalid_image") });
      return;
    }
    upload.mutate({ data: await readBase64(file), fileName: sanitizeFileName(file.name, "profile-picture") });
  };
  return (
    <FileButton onChange={(file) => void onFile(file)} accept={IMAGE_TYPES.join(",")}>
      {(props) => (
        <Button
          {...props}
          size="compact-sm"
          variant="subtle"
          leftSection={<IconUpload size={14} />}
          loading={upload.isPending}
        >
          <Trans>Change picture</Trans>
        </Button>
      )}
    </FileButton>
  );
}
