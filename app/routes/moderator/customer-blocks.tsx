import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/customer-blocks";
import { BLOCK_KINDS, type BlockKind, customerBlockInput } from "@core/validation/customers";
import { listBlocks } from "@server/modules/customers/blocks";
import type { CustomerBlockDTO } from "@server/modules/customers/customer-dto";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { useCall } from "~/lib/use-call";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { StaffTable, td } from "~/components/staff/table-scroll";
import { QueryStatus } from "~/components/staff/query-status";
import { staffLocale } from "~/components/staff/codes";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  const blocks = await initialData(context, "customer blocks", () => listBlocks(context.deps.db));
  return { blocks: blocks && { blocks } };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("customers.staffTitle") }, { name: "robots", content: "noindex" }];
}

const kindOf = (v: string | null): BlockKind => (BLOCK_KINDS.includes(v as BlockKind) ? (v as BlockKind) : "phone");

/**
 * Phones and e-mails blocked from cash on delivery (issue 16). All Orders' "Block phone" opens this
 * page with the phone filled in (?kind=phone&value=…); nothing is blocked until staff press Block.
 */
export default function CustomerBlocks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const [params] = useSearchParams();
  const query = useCall("GET /moderator/customer-blocks", {}, loaderData.blocks);
  const blocks = query.data?.blocks ?? [];
  const [kind, setKind] = useState<BlockKind>(() => kindOf(params.get("kind")));
  const [value, setValue] = useState(() => (params.get("value") ?? "").slice(0, 200));
  const [note, setNote] = useState("");
  const [lifting, setLifting] = useState<CustomerBlockDTO | null>(null);
  const dateFmt = new Intl.DateTimeFormat(staffLocale(lang), { dateStyle: "medium" });

  const add = useMutation(
    (body: { kind: BlockKind; value: string; note: string }) => call("POST /moderator/customer-blocks", { body }),
    {
      schema: customerBlockInput,
      failure: "customers.blockFailed",
      revalidate: false,
      onSuccess: () => {
        setValue("");
        setNote("");
        void query.reload();
      },
    },
  );
  const lift = useMutation(
    (block: CustomerBlockDTO) => call("DELETE /moderator/customer-blocks/:id", { params: { id: block._id } }),
    {
      failure: "customers.unblockFailed",
      revalidate: false,
      onSuccess: () => {
        setLifting(null);
        void query.reload();
      },
    },
  );

  return (
    <StaffPage
      title={t("customers.staffTitle")}
      description={t("customers.staffIntro")}
      testId="customer-blocks-screen"
    >
      <StaffSection title={t("customers.addButton")} id="block-form">
        <form
          noValidate
          className="grid gap-3 md:grid-cols-[10rem_1fr_1fr_auto] md:items-end"
          onSubmit={add.onSubmit(() => ({ kind, value, note }))}
          data-testid="block-form"
        >
          <SelectField
            label={t("customers.kind")}
            value={kind}
            onChange={(e) => setKind(kindOf(e.target.value))}
            error={add.error("kind")}
            data-testid="block-kind"
          >
            <option value="phone">{t("customers.kindPhone")}</option>
            <option value="email">{t("customers.kindEmail")}</option>
          </SelectField>
          <TextField
            label={t("customers.value")}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              add.clearError("value");
            }}
            maxLength={200}
            dir="ltr"
            inputMode={kind === "phone" ? "tel" : "email"}
            autoComplete="off"
            required
            error={add.error("value")}
            data-testid="block-value"
          />
          <TextField
            label={t("customers.note")}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            placeholder={t("customers.notePlaceholder")}
            error={add.error("note")}
            data-testid="block-note"
          />
          <Button type="submit" loading={add.busy} data-testid="block-submit">
            {t("customers.addButton")}
          </Button>
        </form>
      </StaffSection>

      <QueryStatus
        query={query}
        empty={blocks.length === 0}
        emptyTitle={t("customers.none")}
        errorMessage={t("customers.loadFailed")}
      />
      {blocks.length ? (
        <StaffTable
          label={t("customers.staffTitle")}
          testId="blocks-table"
          headers={[
            t("customers.kind"),
            t("customers.value"),
            t("customers.note"),
            t("customers.blockedBy"),
            t("customers.blockedOn"),
            "",
          ]}
        >
          {blocks.map((b) => (
            <tr key={b._id} data-testid="block-row" data-value={b.value}>
              <td className={td}>{b.kind === "phone" ? t("customers.kindPhone") : t("customers.kindEmail")}</td>
              <td className={`${td} font-mono`}>
                <bdi dir="ltr">{b.value}</bdi>
              </td>
              <td className={`${td} max-w-64 break-words`}>{b.note}</td>
              <td className={td}>
                <bdi>{b.createdBy ?? "—"}</bdi>
              </td>
              <td className={`${td} whitespace-nowrap`}>{dateFmt.format(new Date(b.createdAt))}</td>
              <td className={td}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setLifting(b)}
                  aria-label={t("customers.unblockLabel", { value: b.value })}
                  data-testid="block-remove"
                >
                  {t("customers.unblock")}
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <ConfirmDialog
        open={!!lifting}
        onOpenChange={(open) => (open ? undefined : setLifting(null))}
        title={lifting ? t("customers.unblockTitle", { value: lifting.value }) : ""}
        description={t("customers.unblockText")}
        confirmLabel={t("customers.unblock")}
        onConfirm={() => void (lifting && lift.submit(lifting))}
        loading={lift.busy}
      />
    </StaffPage>
  );
}
