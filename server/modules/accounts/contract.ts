/** The account operations of SPEC §7 ("Session and accounts", "Admin accounts"), plus roles and preferences. */
import { z } from "zod";
import {
  activateInput,
  checkEmailInput,
  checkTokenInput,
  googleSignInInput,
  logInInput,
  preferencesInput,
  resendActivationInput,
  resetPasswordInput,
  roleInput,
  searchUsersQuery,
  signUpInput,
  updateProfileInput,
  userIdInput,
} from "@core/validation/accounts";
import { LANGS, THEMES } from "@core/constants";
import { defineOperation } from "../../http/operation";
import { adminUserDto, adminUserPageDto, messageDto, sessionUserDto, signInDto } from "./accounts-dto";

const adminChange = z.object({ message: z.string(), user: adminUserDto });

/** The four admin actions on another account: one body (the account's id), one reply. */
const adminAction = <P extends string>(path: P, summary: string) =>
  defineOperation({ method: "POST", path, access: "admin", summary, body: userIdInput, reply: adminChange });

export const accountsContract = {
  signUp: defineOperation({
    method: "POST",
    path: "/createUser",
    access: "public",
    summary: "Creates an account and e-mails its activation code",
    body: signUpInput,
    reply: z.object({ UserID: z.string(), message: z.string() }),
    status: 201,
  }),
  logIn: defineOperation({
    method: "POST",
    path: "/login",
    access: "public",
    summary: "Signs in and sets the session cookie; an account not yet activated answers 202 and gets a fresh code",
    body: logInInput,
    reply: signInDto,
  }),
  googleSignIn: defineOperation({
    method: "POST",
    path: "/auth/google",
    access: "public",
    summary: "Signs in (or up) with a Google ID token and sets the session cookie",
    body: googleSignInInput,
    reply: signInDto,
  }),
  authStatus: defineOperation({
    method: "GET",
    path: "/auth-status",
    access: "user",
    summary: "The signed-in user",
    reply: z.object({ user: sessionUserDto }),
  }),
  // Public on purpose: a stale or missing session still gets its cookie cleared.
  logOut: defineOperation({
    method: "POST",
    path: "/logout",
    access: "public",
    summary: "Ends the session and clears its cookie",
    reply: messageDto,
  }),
  updateProfile: defineOperation({
    method: "PUT",
    path: "/updateuser",
    access: "user",
    summary: "Changes the signed-in user's name, phone, picture or password (the current one when it changes)",
    body: updateProfileInput,
    reply: z.object({ message: z.string(), user: sessionUserDto }),
  }),
  deleteOwnAccount: defineOperation({
    method: "DELETE",
    path: "/delete/user",
    access: "user",
    summary: "Deletes the signed-in user's account and ends the session",
    reply: messageDto,
  }),
  activateAccount: defineOperation({
    method: "POST",
    path: "/activateUser",
    access: "public",
    summary: "Activates an account with the code it was e-mailed",
    body: activateInput,
    reply: messageDto,
  }),
  resendActivationCode: defineOperation({
    method: "POST",
    path: "/resendActivationCode",
    access: "public",
    summary: "E-mails a new activation code (one a minute)",
    body: resendActivationInput,
    reply: messageDto,
  }),
  requestPasswordReset: defineOperation({
    method: "POST",
    path: "/checkemail",
    access: "public",
    summary: "E-mails a password-reset code; answers the same whether the address has an account or not",
    body: checkEmailInput,
    reply: messageDto,
  }),
  checkResetCode: defineOperation({
    method: "POST",
    path: "/checktoken",
    access: "public",
    summary: "Checks a password-reset code before the new password is asked for",
    body: checkTokenInput,
    reply: messageDto,
  }),
  resetPassword: defineOperation({
    method: "POST",
    path: "/resetpassword",
    access: "public",
    summary: "Sets a new password with a reset code and ends every session of the account",
    body: resetPasswordInput,
    reply: messageDto,
  }),
  // The language and theme switchers call this for everyone: a guest gets 204 (nowhere to keep it).
  updatePreferences: defineOperation({
    method: "PUT",
    path: "/preferences",
    access: "public",
    summary: "Keeps the signed-in user's language and theme (204 for a guest)",
    body: preferencesInput,
    reply: z.object({ lang: z.enum(LANGS), theme: z.enum(THEMES) }),
  }),
  searchUsers: defineOperation({
    method: "GET",
    path: "/search-users",
    access: "admin",
    summary: "Accounts by name, e-mail or phone, newest first; `hidden=true` lists the deleted ones",
    query: searchUsersQuery,
    reply: adminUserPageDto,
  }),
  deleteUser: adminAction("/deleteuser", "Deletes another account and ends its sessions"),
  restoreUser: adminAction("/undeleteuser", "Restores a deleted account"),
  banUser: adminAction("/banuser", "Bans another account and ends its sessions"),
  unbanUser: adminAction("/unbanuser", "Lifts a ban"),
  setUserRole: defineOperation({
    method: "PUT",
    path: "/users/:id/role",
    access: "admin",
    summary: "Changes another account's role",
    params: z.object({ id: z.uuid("validation.notFound") }),
    body: roleInput,
    reply: adminChange,
  }),
};
