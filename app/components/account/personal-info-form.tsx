import { useRef, useState } from "react";
import type { z } from "zod";
import { TIMINGS } from "@core/constants";
import { updateProfileInput } from "@core/validation/accounts";
import type { SessionUser } from "@server/modules/accounts/accounts-dto";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
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
  const [saved, setSaved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // The picture goes up first; its address is saved with the form.
  const upload = useMutation(
    (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return call("POST /uploads", { form });
    },
    { success: false, revalidate: false, onSuccess: (reply) => setProfileImage(reply.url) },
  );
  const save = useMutation((body: z.input<typeof updateProfileInput>) => call("PUT /updateuser", { body }), {
    schema: updateProfileInput,
    revalidate: false,
    onSuccess: () => {
      setSaved(true);
      window.setTimeout(() => void logOut(), TIMINGS.profileUpdateLogoutMs);
    },
  });

  return (
    <form
      onSubmit={save.onSubmit(() => ({ firstName, lastName, phone: joinPhone(phone), profileImage }))}
      className="flex max-w-xl flex-col gap-4"
      noValidate
      data-testid="personal-info-form"
    >
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
              if (!file) return;
              void upload.submit(file).finally(() => {
                if (fileInput.current) fileInput.current.value = "";
              });
            }}
          />
          <Button variant="outline" size="sm" loading={upload.busy} onClick={() => fileInput.current?.click()}>
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
          error={save.error("firstName")}
          required
        />
        <TextField
          label={t("auth.lastName")}
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={save.error("lastName")}
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
      <PhoneInput value={phone} onChange={setPhone} error={save.error("phone")} required />
      {saved ? (
        <p role="status" className="text-sm text-muted">
          {t("account.loggingOut")}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={save.busy || saved} disabled={upload.busy} data-testid="save-profile">
          {t("account.saveChanges")}
        </Button>
      </div>
    </form>
  );
}
