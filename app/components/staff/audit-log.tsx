import { useState } from "react";
import { useLang, useT } from "~/i18n/react";
import { Pager } from "./list-controls";
import { td, StaffTable } from "./table-scroll";
import type { Reply } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { staffLocale } from "./codes";
import { QueryStatus } from "./query-status";

export const AUDIT_PAGE_SIZE = 25;

/** Who did what, and when: the back office's audit trail, newest first. */
export function AuditLog({ initial }: { initial?: Reply<"GET /admin/audit-log"> | null }) {
  const t = useT();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const query = useCall("GET /admin/audit-log", { query: { page, limit: AUDIT_PAGE_SIZE } }, initial);
  const entries = query.data?.entries ?? [];
  const when = new Intl.DateTimeFormat(staffLocale(lang), { dateStyle: "medium", timeStyle: "short" });
  // Known actions have a label; a new one still shows, as its name.
  const actionLabel = (a: string) => {
    const label = t(`admin.action.${a}`);
    return label === `admin.action.${a}` ? a : label;
  };
  const details = (d: Record<string, unknown>) =>
    Object.entries(d)
      .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
      .join(", ");

  return (
    <div className="flex flex-col gap-3">
      <QueryStatus query={query} empty={entries.length === 0} emptyTitle={t("admin.auditEmpty")} />
      {entries.length > 0 ? (
        <StaffTable
          label={t("admin.auditLog")}
          testId="audit-table"
          headers={[t("admin.when"), t("admin.who"), t("admin.what"), t("admin.target"), t("admin.details")]}
        >
          {entries.map((e) => (
            <tr key={e._id}>
              <td className={`${td} whitespace-nowrap`}>{when.format(new Date(e.createdAt))}</td>
              <td className={td}>
                <bdi>{e.actorEmail}</bdi>
              </td>
              <td className={td}>{actionLabel(e.action)}</td>
              <td className={td}>
                {e.targetType}
                {e.targetId ? (
                  <span className="block max-w-48 truncate font-mono text-xs text-muted" title={e.targetId}>
                    <bdi>{e.targetId}</bdi>
                  </span>
                ) : null}
              </td>
              <td className={`${td} max-w-72 break-words text-xs text-muted`}>
                <bdi>{details(e.details)}</bdi>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <Pager page={page} totalPages={query.data?.totalPages ?? 1} onPage={setPage} />
    </div>
  );
}
