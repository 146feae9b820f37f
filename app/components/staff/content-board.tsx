import { useState, type FormEvent } from "react";
import { ExternalLink, Plus, RotateCcw, Trash2 } from "lucide-react";
import { LIMITS } from "@core/constants";
import { bannerInput, headlineInput } from "@core/validation/content";
import { api, errorMessage } from "~/lib/api";
import { useLang, useT } from "~/i18n/react";
import { inPageLang, textLang } from "~/lib/text-lang";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import { ImageUpload } from "./image-upload";
import { listFrom, useApiQuery } from "./use-api-query";
import { fieldErrors } from "@core/validation/field-errors";
import { cutText } from "./codes";
import { QueryStatus } from "./query-status";

/** Banners (hero slides) and headlines share one pattern (SPEC §2): cards, active toggle, soft delete. */
export type ContentKind = "promos" | "headlines";

interface ContentItem {
  _id: string;
  title: string;
  titleAr?: string | null;
  description?: string;
  descriptionAr?: string | null;
  promotion?: string;
  promotionAr?: string | null;
  buttonTextAr?: string | null;
  link?: string;
  buttonText?: string;
  image?: string;
  hidden: boolean;
  active: boolean;
}

const listPath = (kind: ContentKind) => (kind === "promos" ? "/getpromos" : "/getheadlines");
/** i18n key prefix: "staff.promo…" or "staff.headline…". */
const noun = (kind: ContentKind) => (kind === "promos" ? "promo" : "headline");

export function ContentBoard({ kind, initial }: { kind: ContentKind; initial?: unknown }) {
  const t = useT();
  const lang = useLang();
  const [showDeleted, setShowDeleted] = useState(false);
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const list = useApiQuery<unknown>(listPath(kind), { method: "POST", body: { hidden: showDeleted } }, initial);
  const items = listFrom<ContentItem>(list.data, kind, "promos", "headlines", "banners");
  const n = noun(kind);

  async function run(id: string, action: () => Promise<unknown>, successKey: string) {
    setBusyId(id);
    try {
      await action();
      toast.success(t(successKey));
      await list.reload();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusyId(null);
    }
  }

  const setActive = (item: ContentItem, active: boolean) =>
    run(
      item._id,
      () =>
        active
          ? api(`/${kind}/active/${item._id}`, { method: "POST", body: { active: true } })
          : api(`/${kind}/active/${item._id}`, { method: "DELETE" }),
      `staff.${n}StatusUpdated`,
    );
  const remove = (item: ContentItem) =>
    run(item._id, () => api(`/${kind}/${item._id}`, { method: "DELETE" }), `staff.${n}Deleted`);
  const restore = (item: ContentItem) =>
    run(item._id, () => api(`/${kind}/restore/${item._id}`, { method: "POST", body: {} }), `staff.${n}Restored`);

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
          const text =
            kind === "promos"
              ? inPageLang(item.description ?? "", item.descriptionAr, lang)
              : inPageLang(item.promotion ?? "", item.promotionAr, lang);
          const button = item.buttonText ? inPageLang(item.buttonText, item.buttonTextAr, lang) : "";
          return (
            <li
              key={item._id}
              className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface"
              data-testid={`${n}-card`}
            >
              {item.image ? (
                <img src={item.image} alt="" className="aspect-[16/7] w-full object-cover" loading="lazy" />
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
                {kind === "promos" ? (
                  <p className="text-sm" {...textLang(text, lang)}>
                    {cutText(text, LIMITS.bannerDescriptionPreviewChars)}
                  </p>
                ) : (
                  <p className="text-sm" {...textLang(text, lang)}>
                    {text}
                  </p>
                )}
                {item.link ? (
                  <a
                    href={item.link}
                    className="inline-flex items-center gap-1 break-all text-sm text-brand-700 underline dark:text-brand-300"
                    target="_blank"
                    rel="noreferrer"
                  >
                    <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                    <bdi>{item.link}</bdi>
                  </a>
                ) : null}
                {button ? <p className="text-xs text-muted">{t("staff.buttonTextIs", { text: button })}</p> : null}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
                  {item.hidden ? (
                    <span />
                  ) : (
                    <Switch
                      checked={item.active}
                      disabled={busyId === item._id}
                      onCheckedChange={(v) => void setActive(item, v)}
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
                      loading={busyId === item._id}
                      onClick={() => void restore(item)}
                      aria-label={`${t("common.restore")}: ${title}`}
                    >
                      <RotateCcw className="size-4" aria-hidden />
                      {t("common.restore")}
                    </Button>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={busyId === item._id}
                      onClick={() => void remove(item)}
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
        {kind === "promos" ? (
          <BannerForm
            onDone={() => {
              setCreating(false);
              void list.reload();
            }}
          />
        ) : (
          <HeadlineForm
            onDone={() => {
              setCreating(false);
              void list.reload();
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: string) => (errors[k] ? t(errors[k]) : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = bannerInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      await api("/promos", { method: "POST", body: { ...parsed.data, hidden: false, active: false } });
      toast.success(t("staff.promoCreated"));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" data-testid="banner-form">
      <TextField
        label={t("staff.title")}
        value={form.title}
        onChange={(e) => set("title", e.target.value)}
        name="title"
        error={err("title")}
        required
      />
      <TextField
        label={t("staff.titleAr")}
        value={form.titleAr}
        onChange={(e) => set("titleAr", e.target.value)}
        name="titleAr"
        dir="rtl"
        lang="ar"
      />
      <TextAreaField
        label={t("staff.description")}
        value={form.description}
        onChange={(e) => set("description", e.target.value)}
        name="description"
        error={err("description")}
        required
      />
      <TextAreaField
        label={t("staff.descriptionAr")}
        value={form.descriptionAr}
        onChange={(e) => set("descriptionAr", e.target.value)}
        name="descriptionAr"
        dir="rtl"
        lang="ar"
      />
      <TextField
        label={t("staff.buttonText")}
        value={form.buttonText}
        onChange={(e) => set("buttonText", e.target.value)}
        name="buttonText"
        error={err("buttonText")}
        required
      />
      <TextField
        label={t("staff.buttonTextAr")}
        value={form.buttonTextAr}
        onChange={(e) => set("buttonTextAr", e.target.value)}
        name="buttonTextAr"
        dir="rtl"
        lang="ar"
      />
      <div className="sm:col-span-2">
        <TextField
          label={t("staff.url")}
          value={form.link}
          onChange={(e) => set("link", e.target.value)}
          name="link"
          error={err("link")}
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
          error={err("image")}
          onUploadingChange={setUploading}
        />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="submit" loading={saving} disabled={!form.image || uploading} data-testid="banner-submit">
          {t("staff.create_promo")}
        </Button>
      </div>
    </form>
  );
}

function HeadlineForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [form, setForm] = useState({ title: "", titleAr: "", promotion: "", promotionAr: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (k: keyof typeof form, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: string) => (errors[k] ? t(errors[k]) : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = headlineInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      await api("/headlines", { method: "POST", body: { ...parsed.data, hidden: false, active: false } });
      toast.success(t("staff.headlineCreated"));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" data-testid="headline-form">
      <TextField
        label={t("staff.title")}
        value={form.title}
        onChange={(e) => set("title", e.target.value)}
        name="title"
        error={err("title")}
        required
      />
      <TextField
        label={t("staff.titleAr")}
        value={form.titleAr}
        onChange={(e) => set("titleAr", e.target.value)}
        name="titleAr"
        dir="rtl"
        lang="ar"
      />
      <TextAreaField
        label={t("staff.promotion")}
        value={form.promotion}
        onChange={(e) => set("promotion", e.target.value)}
        name="promotion"
        error={err("promotion")}
        required
      />
      <TextAreaField
        label={t("staff.promotionAr")}
        value={form.promotionAr}
        onChange={(e) => set("promotionAr", e.target.value)}
        name="promotionAr"
        dir="rtl"
        lang="ar"
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="submit" loading={saving} data-testid="headline-submit">
          {t("staff.create_headline")}
        </Button>
      </div>
    </form>
  );
}
