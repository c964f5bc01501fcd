import { ZNewTenantDetailsInput, ZTenantDetailsInput } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import type { Tenant } from "../lib/session";
import { CountrySelect } from "./country-select";
import { zodValidator } from "./form-errors";

/** Form values of an account's details: all strings, empty meaning "not given". */
export interface TenantDetailsValues {
  name: string;
  country: string;
  streetAddress: string;
  streetAddressLine2: string;
  zipCode: string;
  city: string;
  addressCounty: string;
  registrationNumber: string;
  dunsNumber: string;
}

export const EMPTY_TENANT_DETAILS: TenantDetailsValues = {
  name: "",
  country: "FI",
  streetAddress: "",
  streetAddressLine2: "",
  zipCode: "",
  city: "",
  addressCounty: "",
  registrationNumber: "",
  dunsNumber: "",
};

export function tenantDetailsOf(tenant: Tenant): TenantDetailsValues {
  return {
    name: tenant.name,
    country: tenant.country,
    streetAddress: tenant.streetAddress ?? "",
    streetAddressLine2: tenant.streetAddressLine2 ?? "",
    zipCode: tenant.zipCode ?? "",
    city: tenant.city ?? "",
    addressCounty: tenant.addressCounty ?? "",
    registrationNumber: tenant.registrationNumber ?? "",
    dunsNumber: tenant.dunsNumber ?? "",
  };
}

/**
 * An organisation's details form, validated alike wherever it is filled in (document 1 §5):
 * name, street, zip code, city and country required; a new organisation needs only a name and a
 * country (`isNew`, issue 19.12).
 */
export function useTenantDetailsForm(initialValues: TenantDetailsValues, options: { isNew?: boolean } = {}) {
  return useForm<TenantDetailsValues>({
    initialValues,
    validate: zodValidator(options.isNew ? ZNewTenantDetailsInput : ZTenantDetailsInput),
  });
}

export interface TenantDetailsFieldsProps {
  form: UseFormReturnType<TenantDetailsValues>;
  /** The company name takes the focus on mount (the page's own form, not a dialog's). */
  autoFocus?: boolean;
  /** D-U-N-S field: hidden, editable, or read-only once set (with a contact-support hint). */
  duns?: "hidden" | "editable" | "locked";
  /** A new organisation may leave the address for later (issue 19.12). */
  addressRequired?: boolean;
}

/** Company name, address and registration fields shared by the account forms. */
export function TenantDetailsFields({
  form,
  autoFocus = false,
  duns = "hidden",
  addressRequired = true,
}: TenantDetailsFieldsProps) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <TextInput
        label={t`Company name`}
        required
        autoFocus={autoFocus}
        data-autofocus
        autoComplete="organization"
        {...form.getInputProps("name")}
      />
      <TextInput
        label={t`Street address`}
        required={addressRequired}
        autoComplete="address-line1"
        {...form.getInputProps("streetAddress")}
      />
      <TextInput
        label={t`Address line 2`}
        autoComplete="address-line2"
        {...form.getInputProps("streetAddressLine2")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t`Zip code`}
          required={addressRequired}
          autoComplete="postal-code"
          {...form.getInputProps("zipCode")}
        />
        <TextInput
          label={t`City`}
          required={addressRequired}
          autoComplete="address-level2"
          {...form.getInputProps("city")}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t`County`} autoComplete="address-level1" {...form.getInputProps("addressCounty")} />
        <CountrySelect required {...form.getInputProps("country")} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label={t`Registration number (VAT)`} {...form.getInputProps("registrationNumber")} />
        {duns === "hidden" ? null : (
          <TextInput
            label={t`D-U-N-S® number`}
            inputMode="numeric"
            maxLength={9}
            readOnly={duns === "locked"}
            description={
              duns === "locked" ? t`To change the D-U-N-S number, contact support.` : t`Nine digits`
            }
            {...form.getInputProps("dunsNumber")}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
