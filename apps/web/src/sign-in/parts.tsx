import { useLingui } from "@lingui/react";
import { Trans, useLingui as useMacroLingui } from "@lingui/react/macro";
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { CallError } from "./api";
import { errorText, fieldText } from "./messages";
import { type FieldErrors, hasErrors, placeError } from "./validation";

/** The heading of a step, with an optional line under it; `focus` takes the focus on mount. */
export function Heading({
  title,
  description,
  focus = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  focus?: boolean;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div>
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {description ? <p className="description">{description}</p> : null}
    </div>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** An error or field key (messages.ts), shown under the field. */
  error?: string | null | undefined;
  /** Shown under the input, before the error (the strength meter). */
  hint?: ReactNode;
}

/**
 * A required text or password field: its label, the error under it (aria-invalid and
 * aria-describedby), and for a password a button that shows the text (for the mouse; as the app's
 * fields, the keyboard and screen readers do not meet it).
 */
export function Field({ label, value, onValue, error, hint, type = "text", ...input }: FieldProps) {
  // Subscribes to language changes, so the error text follows a switch.
  useLingui();
  const id = useId();
  const [shown, setShown] = useState(false);
  const password = type === "password";
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        <span className="required" aria-hidden="true">
          {" *"}
        </span>
      </label>
      <div className="input">
        <input
          id={id}
          type={password && shown ? "text" : type}
          required
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {password ? (
          <button
            type="button"
            className="reveal"
            tabIndex={-1}
            aria-hidden="true"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setShown(!shown)}
          >
            <EyeIcon crossed={shown} />
          </button>
        ) : null}
      </div>
      {hint}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {fieldText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The sign-in name: an e-mail address, or the username of a shared device user. */
export function LoginField(props: Omit<FieldProps, "name" | "label">) {
  const { t } = useMacroLingui();
  return (
    <Field
      name="username"
      label={t`Username or e-mail`}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

/** A failed call's error key as an alert (document 1 §8); nothing while there is none. */
export function ErrorAlert({ error }: { error: string | null }) {
  // Subscribes to language changes, so the text follows a switch.
  useLingui();
  return error ? (
    <div role="alert" className="alert alert-error">
      {errorText(error)}
    </div>
  ) : null;
}

export function Notice({ children, tone = "success" }: { children: ReactNode; tone?: "success" | "info" }) {
  return (
    <div role="status" className={`alert alert-${tone}`}>
      {children}
    </div>
  );
}

/** The main button of a step; while its call runs it says so and takes no second press. */
export function SubmitButton({
  busy,
  children,
  disabled,
}: {
  busy: boolean;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button"
      aria-disabled={busy || undefined}
      data-busy={busy || undefined}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

/** The way back from a step of signing in (code, new password, forgot password, unconfirmed). */
export function BackToSignIn({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="link centred" onClick={onClick}>
      <Trans>Back to sign in</Trans>
    </button>
  );
}

const asCallError = (error: unknown) =>
  error instanceof CallError ? error : new CallError("internal_error");

/**
 * The state of a step's form: its field errors (keys), its alert and whether its call runs.
 * `submit(event, found, call)` shows the form's own errors (focusing the first field named) or runs
 * `call`; its failure goes under the fields it belongs to (placeError), else to the alert. A call
 * that succeeds moves the page on (another step, or the app), so the button stays busy, unless it
 * answers "stay".
 */
export function useStepForm(fields: readonly string[], keyFields: Record<string, string> = {}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  /** The fields with an error, or the alert; the first field named takes the focus. */
  const show = (form: HTMLFormElement | null | undefined, found: FieldErrors, alertKey: string | null) => {
    setErrors(found);
    setAlert(alertKey);
    const first = Object.keys(found).find((name) => found[name]);
    const input = first ? form?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  };

  const submit = async (
    event: FormEvent<HTMLFormElement> | null,
    found: FieldErrors,
    call: () => Promise<unknown>,
    onError?: (error: CallError) => boolean,
  ) => {
    event?.preventDefault();
    if (running.current) return;
    // Read before the call: React lets go of the event's target once the handler returns.
    const form = event?.currentTarget;
    show(form, found, null);
    if (hasErrors(found)) return;
    running.current = true;
    setBusy(true);
    let stay = true;
    try {
      stay = (await call()) === "stay";
    } catch (caught) {
      const error = asCallError(caught);
      if (!onError?.(error)) {
        const placed = placeError(error, fields, keyFields);
        show(form, placed.fields, placed.alert);
      }
    } finally {
      if (stay) {
        running.current = false;
        setBusy(false);
      }
    }
  };

  return { errors, alert, busy, submit };
}
