import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

const control =
  "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500 disabled:opacity-60";

interface FieldShellProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id: string;
  required?: boolean;
  children: ReactNode;
}

/** A label, the control, and its error announced to screen readers. */
export function FieldShell({ label, error, hint, id, required, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden>
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-muted">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Marks a control invalid and points it at its error message. */
const errorAria = (fieldId: string, error?: string | null) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${fieldId}-error` } : {};

type Common = { label: ReactNode; error?: string | null; hint?: ReactNode };

export const TextField = forwardRef<HTMLInputElement, Common & InputHTMLAttributes<HTMLInputElement>>(
  function TextField({ label, error, hint, id, className = "", ...rest }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <FieldShell label={label} error={error} hint={hint} id={fieldId} required={rest.required}>
        <input ref={ref} id={fieldId} {...errorAria(fieldId, error)} className={`${control} ${className}`} {...rest} />
      </FieldShell>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, Common & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, error, hint, id, className = "", ...rest }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <FieldShell label={label} error={error} hint={hint} id={fieldId} required={rest.required}>
        <textarea
          ref={ref}
          id={fieldId}
          {...errorAria(fieldId, error)}
          className={`${control} min-h-24 ${className}`}
          {...rest}
        />
      </FieldShell>
    );
  },
);

export const SelectField = forwardRef<HTMLSelectElement, Common & SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectField({ label, error, hint, id, className = "", children, ...rest }, ref) {
    const auto = useId();
    const fieldId = id ?? auto;
    return (
      <FieldShell label={label} error={error} hint={hint} id={fieldId} required={rest.required}>
        <select ref={ref} id={fieldId} {...errorAria(fieldId, error)} className={`${control} ${className}`} {...rest}>
          {children}
        </select>
      </FieldShell>
    );
  },
);
