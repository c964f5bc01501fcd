import { ZTenantDetailsInput } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import { Alert, Button, Group } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { FormErrorAlert, zodValidator } from "../../components/form-errors";
import type { TenantDetailsValues } from "../../components/tenant-details-fields";

/** Account add / edit validate alike (document 1 §5): name, street, zip, city, country required. */
export function useTenantDetailsForm(initialValues: TenantDetailsValues) {
  return useForm<TenantDetailsValues>({ initialValues, validate: zodValidator(ZTenantDetailsInput) });
}

export interface TenantFormAlertProps {
  /** The last submit failed the form's own validation. */
  invalid: boolean;
  /** The failed call, when its errors could not be placed under fields. */
  error: unknown;
  fallback: MessageDescriptor;
}

/** The required-fields alert of document 1 §8, or the failed call's message. */
export function TenantFormAlert({ invalid, error, fallback }: TenantFormAlertProps) {
  if (invalid) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        <Trans>Check that you have filled in all required fields.</Trans>
      </Alert>
    );
  }
  return <FormErrorAlert error={error} fallback={fallback} />;
}

export function TenantFormButtons({
  onCancel,
  loading,
  submitLabel,
}: {
  onCancel: () => void;
  loading: boolean;
  submitLabel: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={loading}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
