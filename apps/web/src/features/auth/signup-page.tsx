import { LANGUAGES, type Language, ZSignUpInput } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { AnchorLink } from "../../components/links";
import { NewPasswordInput, newPasswordError, passwordErrorFields } from "../../components/password-strength";
import { PublicLayout, PublicPageHeading } from "../../components/public-layout";
import { EmailInput } from "../../components/user-info-fields";
import { currentLanguage, LANGUAGE_NAMES } from "../../lib/i18n";
import { useTRPC } from "../../lib/trpc";
import { LegalLinks } from "./legal-links";
import { UnconfirmedView } from "./unconfirmed-view";

type Initial = { email?: string; firstName?: string; lastName?: string };

export function SignupPage({ initial = {} }: { initial?: Initial }) {
  const { t } = useLingui();
  useDocumentTitle(`${t`Sign up`} · Kunto`);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <PublicLayout footer={<LegalLinks />} width={480}>
      {sentTo ? (
        <Stack gap="lg">
          <UnconfirmedView email={sentTo} />
          <Text size="sm" ta="center">
            <AnchorLink to="/login">
              <Trans>Go to sign in</Trans>
            </AnchorLink>
          </Text>
        </Stack>
      ) : (
        <SignupForm onSignedUp={setSentTo} initial={initial} />
      )}
    </PublicLayout>
  );
}

function SignupForm({ onSignedUp, initial }: { onSignedUp: (email: string) => void; initial: Initial }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const schemaErrors = zodValidator(ZSignUpInput);
  const form = useForm({
    initialValues: {
      email: initial.email ?? "",
      firstName: initial.firstName ?? "",
      lastName: initial.lastName ?? "",
      password: "",
      language: currentLanguage() as Language,
    },
    validate: (values) => {
      const errors = schemaErrors(values);
      const passwordError = newPasswordError(values.password, [
        values.email,
        values.firstName,
        values.lastName,
      ]);
      if (passwordError) errors.password = passwordError;
      return errors;
    },
  });
  const formAlert = useFormAlert(form, passwordErrorFields("password"));
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: (_result, input) => onSignedUp(input.email.trim().toLowerCase()),
      onError: formAlert.onError,
    }),
  );
  const values = form.getValues();

  return (
    <Stack gap="lg">
      <PublicPageHeading
        title={<Trans>Create your Kunto account</Trans>}
        description={<Trans>After signing up you can add your organisation and run your first survey.</Trans>}
      />
      <form onSubmit={form.onSubmit((v) => signUp.mutate(v))} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <EmailInput personal autoFocus {...form.getInputProps("email")} />
          <Group grow align="flex-start">
            <TextInput label={t`First name`} autoComplete="given-name" {...form.getInputProps("firstName")} />
            <TextInput label={t`Last name`} autoComplete="family-name" {...form.getInputProps("lastName")} />
          </Group>
          <NewPasswordInput
            label={t`Password`}
            required
            userInputs={[values.email, values.firstName, values.lastName]}
            {...form.getInputProps("password")}
          />
          <Select
            label={t`Language`}
            data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
            allowDeselect={false}
            {...form.getInputProps("language")}
          />
          <Text size="xs" c="dimmed">
            <Trans>
              By signing up you accept the{" "}
              <Anchor href="/terms.pdf" target="_blank" rel="noopener" size="xs">
                terms of service
              </Anchor>{" "}
              and the{" "}
              <Anchor href="/privacy.pdf" target="_blank" rel="noopener" size="xs">
                privacy policy
              </Anchor>
              .
            </Trans>
          </Text>
          <Button type="submit" fullWidth loading={signUp.isPending}>
            <Trans>Sign up</Trans>
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Trans>Already have an account?</Trans>{" "}
        <AnchorLink to="/login" fw={500}>
          <Trans>Sign in</Trans>
        </AnchorLink>
      </Text>
    </Stack>
  );
}
