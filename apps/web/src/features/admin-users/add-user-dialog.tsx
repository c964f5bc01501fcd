import {
  type ErrorKey,
  isSystemRole,
  type TAdminCreateUserInput,
  type TUserType,
  ZEmail,
  ZOptionalText,
  ZUsername,
} from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Modal,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { type FormErrors, useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { FormButtons } from "../../components/form-buttons";
import { applyServerErrors } from "../../components/form-errors";
import { NewPasswordInput, newPasswordError, passwordErrorFields } from "../../components/password-strength";
import { EmailInput, NameFields } from "../../components/user-info-fields";
import { errorKeyMessage, errorMessage, fieldErrorMessage, getErrorKey } from "../../lib/api-error";
import { roleLabel } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";

/**
 * Document 1 §5: "at least one role, defaulting to the first". An e-mail user starts as a basic
 * user, a shared device user as a device user (issue 6.18).
 */
const DEFAULT_ROLES: Record<TUserType, string[]> = { CLOUD: ["basic"], LOCAL: ["agent"] };
const CREATE_FAILED = msg`Creating the user failed.`;

interface AddUserValues {
  type: TUserType;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  roleSet: string[];
}

const INITIAL_VALUES: AddUserValues = {
  type: "CLOUD",
  username: "",
  email: "",
  password: "",
  firstName: "",
  lastName: "",
  roleSet: DEFAULT_ROLES.CLOUD,
};

/** The first problem of a value under a shared schema, as a translated text. */
function schemaError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : fieldErrorMessage(result.error.issues[0]?.message ?? "");
}

/** The call's input: only the login field of the chosen type, a password only for shared users. */
function toInput(values: AddUserValues): TAdminCreateUserInput {
  const local = values.type === "LOCAL";
  return {
    type: values.type,
    username: local ? values.username.trim().toLowerCase() : null,
    email: local ? null : values.email.trim().toLowerCase(),
    password: local ? values.password : null,
    firstName: values.firstName.trim() || null,
    lastName: values.lastName.trim() || null,
    roleSet: values.roleSet.filter(isSystemRole),
  };
}

function validate(values: AddUserValues): FormErrors {
  const local = values.type === "LOCAL";
  const userInputs = [values.username, values.firstName, values.lastName];
  const errors: FormErrors = {
    username: local ? schemaError(ZUsername, values.username) : null,
    password: local ? newPasswordError(values.password, userInputs) : null,
    email: local ? null : schemaError(ZEmail, values.email),
    firstName: schemaError(ZOptionalText(100), values.firstName),
    lastName: schemaError(ZOptionalText(100), values.lastName),
    roleSet:
      values.roleSet.filter(isSystemRole).length === 0 ? errorKeyMessage("at_least_one_role_required") : null,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error));
}

export interface AddUserDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Roles that can be given (system roles without the `tenant_` prefix). */
  assignable: readonly string[];
}

/** Platform add-user dialog (document 1 §2, §5): width 600. */
export function AddUserDialog({ opened, onClose, assignable }: AddUserDialogProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Create new user`} size={600}>
      {opened ? <AddUserForm onClose={onClose} assignable={assignable} /> : null}
    </Modal>
  );
}

function AddUserForm({ onClose, assignable }: { onClose: () => void; assignable: readonly string[] }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Set after a failed attempt; `error` is the server's answer when no field took it.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const form = useForm<AddUserValues>({ initialValues: INITIAL_VALUES, validate });
  const { values } = form;
  const local = values.type === "LOCAL";

  const create = useMutation(
    trpc.admin.createUser.mutationOptions({
      onMutate: () => setFailure(null),
      onSuccess: (created) => {
        queryClient.setQueryData(trpc.admin.users.queryKey(), (users) =>
          users ? [...users.filter((user) => user.id !== created.id), created] : users,
        );
        void queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
        notifications.show({ color: "green", message: t`User created.` });
        onClose();
      },
      onError: (error) => {
        const loginField = form.getValues().type === "LOCAL" ? "username" : "email";
        const keyFields: Partial<Record<ErrorKey, string>> = {
          user_exists: loginField,
          username_or_email_required: loginField,
          password_required_for_shared_user: "password",
          ...passwordErrorFields("password"),
          at_least_one_role_required: "roleSet",
        };
        const placed = applyServerErrors(form, error, keyFields);
        setFailure({ error: placed ? null : error });
      },
    }),
  );

  const key = failure?.error ? getErrorKey(failure.error) : null;
  const serverText =
    failure?.error && key !== "validation_failed" && key !== "required_fields"
      ? errorMessage(failure.error, CREATE_FAILED)
      : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (submitted) => create.mutate(toInput(submitted)),
        () => setFailure({ error: null }),
      )}
    >
      <Stack gap="md">
        {failure ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title={t`Check that you have filled in all required fields.`}
          >
            {serverText}
          </Alert>
        ) : null}
        <SegmentedControl
          fullWidth
          aria-label={t`User type`}
          data={[
            { value: "CLOUD", label: t`E-mail user` },
            { value: "LOCAL", label: t`Shared device user` },
          ]}
          {...form.getInputProps("type")}
          onChange={(value) => {
            const type = value === "LOCAL" ? "LOCAL" : "CLOUD";
            const current = form.getValues();
            // The roles follow the type until the admin has chosen some themselves.
            if (current.roleSet.join() === DEFAULT_ROLES[current.type].join())
              form.setFieldValue("roleSet", DEFAULT_ROLES[type]);
            form.setFieldValue("type", type);
            form.clearErrors();
            setFailure(null);
          }}
        />
        {local ? (
          <>
            <TextInput
              label={t`Username`}
              description={t`Used to sign in on the shared device. No spaces.`}
              required
              autoComplete="off"
              data-autofocus
              {...form.getInputProps("username")}
            />
            <NewPasswordInput
              label={t`Password`}
              required
              userInputs={[values.username, values.firstName, values.lastName]}
              {...form.getInputProps("password")}
            />
          </>
        ) : (
          <>
            <EmailInput data-autofocus {...form.getInputProps("email")} />
            <Alert variant="light" color="kunto" icon={<IconInfoCircle size={18} />} p="sm" role="note">
              <Text size="sm">
                <Trans>
                  The user is created with a confirmed e-mail address but without a password. They set their
                  password with "Forgot password" on the sign-in page.
                </Trans>
              </Text>
            </Alert>
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <NameFields form={form} />
        </SimpleGrid>
        <MultiSelect
          label={t`Roles`}
          required
          data={assignable.filter(isSystemRole).map((role) => ({ value: role, label: roleLabel(role) }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("roleSet")}
        />
        <FormButtons onCancel={onClose} loading={create.isPending} submitLabel={<Trans>Create user</Trans>} />
      </Stack>
    </form>
  );
}
