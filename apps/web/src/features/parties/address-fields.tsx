import { useLingui } from "@lingui/react/macro";
import { SimpleGrid, TextInput } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { CountrySelect } from "../../components/country-select";

/** Document 3 §3 Address, as the forms hold it: every field a text ("" for none). */
export interface AddressValues {
  address1: string;
  address2: string;
  address3: string;
  postcode: string;
  city: string;
  country: string;
}

export const EMPTY_ADDRESS: AddressValues = {
  address1: "",
  address2: "",
  address3: "",
  postcode: "",
  city: "",
  country: "",
};

type StoredAddress = { [K in keyof AddressValues]: string | null } | null;

export const addressValues = (a: StoredAddress): AddressValues =>
  a
    ? {
        address1: a.address1 ?? "",
        address2: a.address2 ?? "",
        address3: a.address3 ?? "",
        postcode: a.postcode ?? "",
        city: a.city ?? "",
        country: a.country ?? "",
      }
    : EMPTY_ADDRESS;

/** An address with nothing in it is no address. */
export const addressInput = (a: AddressValues): AddressValues | null =>
  Object.values(a).some((v) => v.trim() !== "") ? a : null;

/** The form's input props of one of the address's fields (the caller names where the address is). */
type AddressInputProps = (field: keyof AddressValues) => GetInputPropsReturnType;

export function AddressFields({ inputProps }: { inputProps: AddressInputProps }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t`Address line 1`} maxLength={200} {...inputProps("address1")} />
      <TextInput label={t`Address line 2`} maxLength={200} {...inputProps("address2")} />
      <TextInput label={t`Address line 3`} maxLength={200} {...inputProps("address3")} />
      <TextInput label={t`Postcode`} maxLength={20} autoComplete="off" {...inputProps("postcode")} />
      <TextInput label={t`City`} maxLength={100} {...inputProps("city")} />
      <CountrySelect clearable autoComplete="off" {...inputProps("country")} />
    </SimpleGrid>
  );
}
