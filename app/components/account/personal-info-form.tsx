import { useRef, useState } from "react";
import { TIMINGS } from "@core/constants";
import { updateProfileInput } from "@core/validation/accounts";
import { fieldErrors } from "@core/validation/field-errors";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { api, errorMessage } from "~/lib/api";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { logOut } from "~/components/auth/log-out";
import { PhoneInput, joinPhone, splitPhone } from "~/components/auth/phone-input";
import { Avatar } from "./avatar";

/** Personal Information: names, phone and profile image. Saving logs out after 2 s (SPEC §4). */
export function PersonalInfoForm({ user }: { user: SessionUser }) {
  const t = useT();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [phone, setPhone] = useState(splitPhone(user.phone));
  const [profileImage, setProfileImage] = useState(user.profileImage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const err = (key: string) => (errors[key] ? t(errors[key]) : null);

  async function upload(file: File) {
    setUploading(true);
    try {
      const form = new FormData();
      form.append("file", file);
      const res = await api<{ url: string }>("/uploads", { method: "POST", body: form });
      setProfileImage(res.url);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = updateProfileInput.safeParse({ firstName, lastName, phone: joinPhone(phone), profileImage });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ message: string }>("/updateuser", { method: "PUT", body: parsed.data });
      toast.success(res.message);
      setSaved(true);
      window.setTimeout(() => void logOut(), TIMINGS.profileUpdateLogoutMs);
    } catch (e2) {
      toast.error(errorMessage(e2));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-4" noValidate data-testid="personal-info-form">
      <div className="flex items-center gap-4">
        <Avatar user={{ firstName, lastName, profileImage }} size={64} />
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-label={t("account.changePhoto")}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button variant="outline" size="sm" loading={uploading} onClick={() => fileInput.current?.click()}>
            {t("account.changePhoto")}
          </Button>
          {profileImage ? (
            <Button variant="ghost" size="sm" onClick={() => setProfileImage(null)}>
              {t("account.removePhoto")}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("auth.firstName")}
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
          error={err("firstName")}
          required
        />
        <TextField
          label={t("auth.lastName")}
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={err("lastName")}
        />
      </div>
      <TextField
        label={t("auth.email")}
        name="email"
        value={user.email}
        readOnly
        disabled
        dir="ltr"
        hint={t("account.emailFixed")}
      />
      <PhoneInput value={phone} onChange={setPhone} error={err("phone")} required />
      {saved ? (
        <p role="status" className="text-sm text-muted">
          {t("account.loggingOut")}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={busy} disabled={uploading} data-testid="save-profile">
          {t("account.saveChanges")}
        </Button>
      </div>
    </form>
  );
}
