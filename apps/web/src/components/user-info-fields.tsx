import { ZUserInfoInput } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { zodValidator } from "./form-errors";

/** Form values of a user's names; empty meaning "not given". */
export interface NameValues {
  firstName: string;
  lastName: string;
}

/** Form values of a user's own information (ZUserInfoInput): names and phone. */
export interface UserInfoValues extends NameValues {
  phone: string;
}

/** The user-information form (profile, platform user settings), filled from the user. */
export function useUserInfoForm(user: {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}) {
  return useForm<UserInfoValues>({
    initialValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
    },
    validate: zodValidator(ZUserInfoInput),
  });
}

/**
 * The fields the person changed: an update names only those, so whatever else was changed
 * meanwhile (by the user elsewhere or by an admin) stays as it is.
 */
export function changedUserInfo(
  form: Pick<UseFormReturnType<UserInfoValues>, "isDirty">,
  values: UserInfoValues,
): Partial<UserInfoValues> {
  const keys = ["firstName", "lastName", "phone"] as const;
  return Object.fromEntries(keys.filter((key) => form.isDirty(key)).map((key) => [key, values[key]]));
}

export interface NameFieldsProps {
  form: UseFormReturnType<NameValues>;
  /**
   * The signed-in user's own names: the browser may fill them in. Otherwise (someone else's
   * names) the browser's autocomplete is off.
   */
  personal?: boolean;
  /** The first name takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

/** First name and last name; the caller lays them out (side by side, or one under the other). */
export function NameFields({ form, personal = false, autoFocus = false }: NameFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <TextInput
        label={t`First name`}
        autoComplete={personal ? "given-name" : "off"}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps("firstName")}
      />
      <TextInput
        label={t`Last name`}
        autoComplete={personal ? "family-name" : "off"}
        {...form.getInputProps("lastName")}
      />
    </>
  );
}

export interface EmailInputProps extends TextInputProps {
  /** The signed-in user's own address: the browser may fill it in. */
  personal?: boolean;
}

/** A required e-mail address field. */
export function EmailInput({ personal = false, ...props }: EmailInputProps) {
  const { t } = useLingui();
  return (
    <TextInput label={t`E-mail`} type="email" required autoComplete={personal ? "email" : "off"} {...props} />
  );
}

export interface PhoneInputProps extends TextInputProps {
  /** The signed-in user's own number: the browser may fill it in. */
  personal?: boolean;
}

/** A phone number field; the server stores it with a calling code, +358 by default. */
export function PhoneInput({ personal = false, ...props }: PhoneInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Phone`}
      type="tel"
      autoComplete={personal ? "tel" : "off"}
      placeholder="+358 40 123 4567"
      description={t`Without a country code, +358 (Finland) is added.`}
      {...props}
    />
  );
}
