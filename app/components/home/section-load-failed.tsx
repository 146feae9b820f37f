import { useT } from "~/i18n/react";

/**
 * In place of a home section whose content was asked for near view and could not be had
 * (decisions 362, 404): what failed, in the visitor's language, and Try Again. `box` sizes it as
 * the placeholder it replaces, so nothing below moves.
 */
export function SectionLoadFailed({
  message,
  onRetry,
  box,
  testId,
}: {
  message: string;
  onRetry: () => void;
  box: string;
  testId: string;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className={`flex flex-col items-center justify-center gap-3 bg-surface-2 p-6 text-center ${box}`}
      data-testid={testId}
    >
      <p className="text-sm text-muted">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {t("common.tryAgain")}
      </button>
    </div>
  );
}
