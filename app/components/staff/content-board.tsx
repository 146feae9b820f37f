import { useState } from "react";
import { ExternalLink, Plus, RotateCcw, Trash2 } from "lucide-react";
import type { z } from "zod";
import { LIMITS } from "@core/constants";
import { bannerInput, headlineInput } from "@core/validation/content";
import type { BannerAdminDTO, HeadlineAdminDTO } from "@server/modules/content/content-dto";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { useLang, useT } from "~/i18n/react";
import { inPageLang, textLang } from "~/lib/text-lang";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { ImageUpload } from "./image-upload";
import { cutText } from "./codes";
import { QueryStatus } from "./query-status";

/** Banners (hero slides) and headlines share one pattern (SPEC §2): cards, active toggle, soft delete. */
export type ContentBoardProps =
  | { kind: "promos"; initial: BannerAdminDTO[] | null }
  | { kind: "headlines"; initial: HeadlineAdminDTO[] | null };
export type ContentKind = ContentBoardProps["kind"];
type Item = BannerAdminDTO | HeadlineAdminDTO;
type Change = { item: Item; to: "active" | "inactive" | "deleted" | "restored" };

/** i18n key prefix: "staff.promo…" or "staff.headline…". */
const noun = (kind: ContentKind) => (kind === "promos" ? "promo" : "headline");

/** One change of a card, through the kind's own operation; the server's message is the toast. */
function changeItem(kind: ContentKind, { item, to }: Change): Promise<{ message: string }> {
  const params = { id: item._id };
  if (kind === "promos") {
    if (to === "active") return call("POST /promos/active/:id", { params, body: { active: true } });
    if (to === "inactive") return call("DELETE /promos/active/:id", { params });
    if (to === "deleted") return call("DELETE /promos/:id", { params });
    return call("POST /promos/restore/:id", { params });
  }
  if (to === "active") return call("POST /headlines/active/:id", { params, body: { active: true } });
  if (to === "inactive") return call("DELETE /headlines/active/:id", { params });
  if (to === "deleted") return call("DELETE /headlines/:id", { params });
  return call("POST /headlines/restore/:id", { params });
}

export function ContentBoard({ kind, initial }: ContentBoardProps) {
  const t = useT();
  const lang = useLang();
  const [showDeleted, setShowDeleted] = useState(false);
  const [creating, setCreating] = useState(false);
  // Each kind reads its own list; the other one waits (a null input reads nothing).
  const input = { body: { hidden: showDeleted } };
  const banners = useCall("POST /getpromos", kind === "promos" ? input : null, kind === "promos" ? initial : null);
  const headlines = useCall(
    "POST /getheadlines",
    kind === "headlines" ? input : null,
    kind === "headlines" ? initial : null,
  );
  const list = kind === "promos" ? banners : headlines;
  const items: Item[] = list.data ?? [];
  const n = noun(kind);

  // The cards are this screen's own state (useCall), not a loader's: reload them instead of revalidating.
  const [changing, setChanging] = useState<string | null>(null);
  const change = useMutation((c: Change) => changeItem(kind, c), {
    revalidate: false,
    onSuccess: () => void list.reload(),
  });
  const act = (item: Item, to: Change["to"]) => {
    setChanging(item._id);
    void change.submit({ item, to });
  };
  const busy = (item: Item) => change.busy && changing === item._id;
  const created = () => {
    setCreating(false);
    void list.reload();
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Switch checked={showDeleted} onCheckedChange={setShowDeleted} label={t("staff.showDeleted")} />
        <Button onClick={() => setCreating(true)} data-testid={`create-${n}`}>
          <Plus className="size-4" aria-hidden />
          {t(`staff.create_${n}`)}
        </Button>
      </div>
      <QueryStatus
        query={list}
        empty={items.length === 0}
        emptyTitle={showDeleted ? t("staff.noDeleted") : t(`staff.no_${n}s`)}
      />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid={`${n}-cards`}>
        {items.map((item) => {
          // What the page's reader sees: the Arabic where staff gave it, as products do (decision 139).
          const title = inPageLang(item.title, item.titleAr, lang);
          const other = lang === "ar" ? (item.titleAr?.trim() ? item.title : null) : item.titleAr;
          const banner = "image" in item ? item : null;
          const text = banner
            ? inPageLang(banner.description, banner.descriptionAr, lang)
            : "promotion" in item
              ? inPageLang(item.promotion, item.promotionAr, lang)
              : "";
          const button = banner?.buttonText ? inPageLang(banner.buttonText, banner.buttonTextAr, lang) : "";
          return (
            <li
              key={item._id}
              className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface"
              data-testid={`${n}-card`}
            >
              {banner?.image ? (
                <img src={banner.image} alt="" className="aspect-[16/7] w-full object-cover" loading="lazy" />
              ) : null}
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold" {...textLang(title, lang)} data-testid="content-title">
                    {title}
                  </h2>
                  {item.hidden ? (
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
                      {t("staff.deleted")}
                    </span>
                  ) : null}
                </div>
                {other ? (
                  // The other language's title, so staff see both were given.
                  <p className="text-sm text-muted" {...textLang(other, lang)}>
                    {other}
                  </p>
                ) : null}
                {banner ? (
                  <p className="text-sm" {...textLang(text, lang)}>
                    {cutText(text, LIMITS.bannerDescriptionPreviewChars)}
                  </p>
                ) : (
                  <p className="text-sm" {...textLang(text, lang)}>
                    {text}
                  </p>
                )}
                {banner?.link ? (
                  <a
                    href={banner.link}
                    className="inline-flex items-center gap-1 break-all text-sm text-brand-700 underline dark:text-brand-300"
                    target="_blank"
                    rel="noreferrer"
                  >
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                    <bdi>{banner.link}</bdi>
                  </a>
                ) : null}
                {button ? <p className="text-xs text-muted">{t("staff.buttonTextIs", { text: button })}</p> : null}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
                  {item.hidden ? (
                    <span />
                  ) : (
                    <Switch
                      checked={item.active}
                      disabled={busy(item)}
                      onCheckedChange={(v) => act(item, v ? "active" : "inactive")}
                      label={
                        <>
                          {t("staff.active")}
                          <span className="sr-only">: {title}</span>
                        </>
                      }
                    />
                  )}
                  {item.hidden ? (
                    <Button
                      variant="outline"
                      size="sm"
                      loading={busy(item)}
                      onClick={() => act(item, "restored")}
                      aria-label={`${t("common.restore")}: ${title}`}
                    >
                      <RotateCcw className="size-4" aria-hidden />
                      {t("common.restore")}
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={busy(item)}
                      onClick={() => act(item, "deleted")}
                      aria-label={`${t("common.delete")}: ${title}`}
                    >
                      <Trash2 className="size-4" aria-hidden />
                      {t("common.delete")}
                    </Button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog open={creating} onOpenChange={setCreating} title={t(`staff.create_${n}`)} size="lg">
        {kind === "promos" ? <BannerForm onDone={created} /> : <HeadlineForm onDone={created} />}
      </Dialog>
    </div>
  );
}

/** Banners and headlines are created inactive (SPEC §4); staff switch them on from the card. */
function BannerForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [form, setForm] = useState({
    title: "",
    titleAr: "",
    description: "",
    descriptionAr: "",
    buttonText: "Shop Now",
    buttonTextAr: "",
    link: "",
    image: "",
  });
  const [uploading, setUploading] = useState(false);
  const save = useMutation((body: z.input<typeof bannerInput>) => call("POST /promos", { body }), {
    schema: bannerInput,
    revalidate: false,
    onSuccess: onDone,
  });
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    save.clearError(k);
  };

  return (
    <form
      onSubmit={save.onSubmit(() => form)}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      data-testid="banner-form"
    >
      <TextField
        label={t("staff.title")}
        value={form.title}
        onChange={(e) => set("title", e.target.value)}
        name="title"
        error={save.error("title")}
        required
      />
      <TextField
        label={t("staff.titleAr")}
        value={form.titleAr}
        onChange={(e) => set("titleAr", e.target.value)}
        name="titleAr"
        error={save.error("titleAr")}
        dir="rtl"
        lang="ar"
      />
      <TextAreaField
        label={t("staff.description")}
        value={form.description}
        onChange={(e) => set("description", e.target.value)}
        name="description"
        error={save.error("description")}
        required
      />
      <TextAreaField
        label={t("staff.descriptionAr")}
        value={form.descriptionAr}
        onChange={(e) => set("descriptionAr", e.target.value)}
        name="descriptionAr"
        error={save.error("descriptionAr")}
        dir="rtl"
        lang="ar"
      />
      <TextField
        label={t("staff.buttonText")}
        value={form.buttonText}
        onChange={(e) => set("buttonText", e.target.value)}
        name="buttonText"
        error={save.error("buttonText")}
        required
      />
      <TextField
        label={t("staff.buttonTextAr")}
        value={form.buttonTextAr}
        onChange={(e) => set("buttonTextAr", e.target.value)}
        name="buttonTextAr"
        error={save.error("buttonTextAr")}
        dir="rtl"
        lang="ar"
      />
      <div className="sm:col-span-2">
        <TextField
          label={t("staff.url")}
          value={form.link}
          onChange={(e) => set("link", e.target.value)}
          name="link"
          error={save.error("link")}
          required
          placeholder="/shop?category=dresses"
          dir="ltr"
        />
      </div>
      <div className="sm:col-span-2">
        <ImageUpload
          label={t("staff.image")}
          value={form.image ? [form.image] : []}
          onChange={(urls) => set("image", urls[0] ?? "")}
          max={1}
          error={save.error("image")}
          onUploadingChange={setUploading}
        />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="submit" loading={save.busy} disabled={!form.image || uploading} data-testid="banner-submit">
          {t("staff.create_promo")}
        </Button>
      </div>
    </form>
  );
}

function HeadlineForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [form, setForm] = useState({ title: "", titleAr: "", promotion: "", promotionAr: "" });
  const save = useMutation((body: z.input<typeof headlineInput>) => call("POST /headlines", { body }), {
    schema: headlineInput,
    revalidate: false,
    onSuccess: onDone,
  });
  const set = (k: keyof typeof form, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    save.clearError(k);
  };

  return (
    <form
      onSubmit={save.onSubmit(() => form)}
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      data-testid="headline-form"
    >
      <TextField
        label={t("staff.title")}
        value={form.title}
        onChange={(e) => set("title", e.target.value)}
        name="title"
        error={save.error("title")}
        required
      />
      <TextField
        label={t("staff.titleAr")}
        value={form.titleAr}
        onChange={(e) => set("titleAr", e.target.value)}
        name="titleAr"
        error={save.error("titleAr")}
        dir="rtl"
        lang="ar"
      />
      <TextAreaField
        label={t("staff.promotion")}
        value={form.promotion}
        onChange={(e) => set("promotion", e.target.value)}
        name="promotion"
        error={save.error("promotion")}
        required
      />
      <TextAreaField
        label={t("staff.promotionAr")}
        value={form.promotionAr}
        onChange={(e) => set("promotionAr", e.target.value)}
        name="promotionAr"
        error={save.error("promotionAr")}
        dir="rtl"
        lang="ar"
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="submit" loading={save.busy} data-testid="headline-submit">
          {t("staff.create_headline")}
        </Button>
      </div>
    </form>
  );
}
