import type { ErrorKey } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Alert, type AlertProps, Text } from "@mantine/core";
import { type FormErrors, schemaResolver } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import {
  errorKeyMessage,
  errorMessage,
  fieldErrorMessage,
  getErrorKey,
  getFieldErrors,
} from "../lib/api-error";

type StandardSchema = Parameters<typeof schemaResolver>[0];

/**
 * Validates a Mantine form with a shared zod schema from @kunto/core and shows the field keys
 * ("field_required", "invalid_email", ...) as translated texts under the fields:
 *
 *   useForm({ initialValues, validate: zodValidator(ZCreateTenantInput) })
 */
export function zodValidator(schema: StandardSchema) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: unknown): FormErrors => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(values))) {
      errors[path] = typeof message === "string" ? fieldErrorMessage(message) : message;
    }
    return errors;
  };
}

interface FormLike {
  getValues: () => unknown;
  setFieldError: (path: string, error: string) => void;
}

function hasPath(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Shows a failed call's field errors (`error.data.fields`) under the form's fields, and error
 * keys that belong to one field (`keyFields`, e.g. `{ current_password_wrong: "oldPassword" }`)
 * under that field. Returns true when something was placed, so the caller can skip a general
 * alert.
 */
export function applyServerErrors(
  form: FormLike,
  error: unknown,
  keyFields: Partial<Record<ErrorKey, string>> = {},
): boolean {
  const values = form.getValues();
  let placed = false;
  for (const [path, key] of Object.entries(getFieldErrors(error))) {
    if (!hasPath(values, path)) continue;
    form.setFieldError(path, fieldErrorMessage(key));
    placed = true;
  }
  const key = getErrorKey(error);
  const field = key ? keyFields[key] : undefined;
  if (key && field && hasPath(values, field)) {
    form.setFieldError(field, errorKeyMessage(key));
    placed = true;
  }
  return placed;
}

/**
 * The state behind a form's FormErrorAlert. Pass `clear` as the mutation's `onMutate`, `onError`
 * as its `onError` and, where the form shows the required-fields alert, `onInvalid` as the second
 * argument of `form.onSubmit`. The call's field errors go under the fields (applyServerErrors
 * with `keyFields`; `onError` returns whether a field took the error), any other error is kept
 * in `error`, and `invalid` tells that the form's own validation failed.
 */
export function useFormAlert(form: FormLike, keyFields?: Partial<Record<ErrorKey, string>>) {
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState(false);
  return {
    error,
    invalid,
    setError,
    clear: () => {
      setError(null);
      setInvalid(false);
    },
    onInvalid: () => {
      setError(null);
      setInvalid(true);
    },
    onError: (err: unknown): boolean => {
      const placed = applyServerErrors(form, err, keyFields);
      if (!placed) setError(err);
      return placed;
    },
  };
}

export interface FormErrorAlertProps extends Omit<AlertProps, "children"> {
  /** A failed call's error; nothing is shown while it is null or undefined. */
  error: unknown;
  /** Text when the error carries no known key (default 'An error occurred.'). */
  fallback?: MessageDescriptor;
  /**
   * The last submit failed the form's own validation: shows the required-fields alert of
   * document 1 §8 instead of the error.
   */
  invalid?: boolean;
}

/** The translated message of a failed call (document 1 §8 general handler). */
export function FormErrorAlert({ error, fallback, invalid = false, ...props }: FormErrorAlertProps) {
  // Subscribes to language changes so the message follows a switch.
  useLingui();
  if (!invalid && (error === null || error === undefined)) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" {...props}>
      {invalid ? (
        <Trans>Check that you have filled in all required fields.</Trans>
      ) : (
        errorMessage(error, fallback)
      )}
    </Alert>
  );
}

/**
 * The validation hint of a form's bottom bar, beside its buttons (document 2 §5, §8 "Validation"):
 * the required-fields text (or `children`) while `shown`. The polite live region is always there,
 * so the hint is announced when it appears and goes away silently.
 */
export function FormInvalidHint({ shown, children }: { shown: boolean; children?: ReactNode }) {
  return (
    <Text size="sm" c="red.9" role="status" style={{ minWidth: 0 }} data-testid="form-invalid-hint">
      {shown ? (children ?? <Trans>Check that you have filled in all required fields.</Trans>) : null}
    </Text>
  );
}
