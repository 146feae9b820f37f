import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { StaffSection } from "./staff-page";

/** The dashboard's returns (issue 17): the return rate and the most given reasons. */
export function ReturnFigures({
  rate,
  reasons,
  count,
}: {
  rate: number;
  reasons: { name: string; value: number }[];
  count: (n: number) => string;
}) {
  const t = useT();
  return (
    <StaffSection
      title={t("returns.staffTitle")}
      id="return-figures"
      actions={
        <Link to="/moderator/returns?state=open" className="text-sm underline underline-offset-4">
          {t("returns.seeOpen")}
        </Link>
      }
    >
      <p className="text-sm" data-testid="return-rate">
        {t("returns.returnRate")}: <bdi className="font-semibold">{count(rate)}%</bdi>
      </p>
      <h3 className="mt-3 text-sm font-medium">{t("returns.topReasons")}</h3>
      {reasons.length === 0 ? (
        <p className="text-sm text-muted">{t("returns.noReturnsYet")}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-line" data-testid="top-return-reasons">
          {reasons.map((r) => (
            <li key={r.name} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>{t(`returns.reason.${r.name}`)}</span>
              <bdi className="font-medium">{count(r.value)}</bdi>
            </li>
          ))}
        </ol>
      )}
    </StaffSection>
  );
}
