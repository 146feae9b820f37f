/** SPEC §7 "Session and accounts" and "Admin accounts", plus PUT /users/:id/role and /preferences. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { COOKIES } from "@core/constants";
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
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { rateLimit } from "../../http/rate-limit";
import { revokeSession } from "./sessions";
import { afterReplyWorkDone } from "./after-reply";
import { signUp } from "./sign-up";
import { logIn } from "./log-in";
import { googleSignIn } from "./google-sign-in";
import { activateAccount, resendActivationCode } from "./activate-account";
import { checkResetCode, requestPasswordReset, resetPassword } from "./reset-password";
import { deleteOwnAccount, updatePreferences, updateProfile } from "./update-profile";
import { banUser, deleteUser, restoreUser, searchUsers, setUserRole, unbanUser } from "./admin-accounts";

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  // E-mails still on their way when the server stops are sent before the database closes.
  app.addHook("onClose", () => afterReplyWorkDone());
  const message = (req: FastifyRequest, key: string, vars?: Record<string, string | number>) =>
    translate(req.lang, key, vars);

  /** HttpOnly, SameSite=Strict, Secure in production; lives as long as the session. */
  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(COOKIES.session, token, {
      httpOnly: true,
      sameSite: "strict",
      secure: config.isProduction,
      path: "/",
      maxAge: Math.round((expiresAt.getTime() - Date.now()) / 1000),
    });
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(COOKIES.session, { httpOnly: true, sameSite: "strict", secure: config.isProduction, path: "/" });

  // ── Session ────────────────────────────────────────────────────────────────────────────────
  r.post(
    "/createUser",
    { config: { access: "public", rateLimit: rateLimit(config, 5) }, schema: { body: signUpInput } },
    async (req, reply) => {
      const { userId } = await signUp(app.deps, req.body, { lang: req.lang, theme: req.theme });
      return reply.status(201).send({ UserID: userId, message: message(req, "auth.signedUp") });
    },
  );

  r.post(
    "/login",
    { config: { access: "public", rateLimit: rateLimit(config, 10) }, schema: { body: logInInput } },
    async (req, reply) => {
      const result = await logIn(app.deps, req.body, { ip: req.ip });
      if (result.kind === "needsActivation") {
        return reply.status(202).send({ message: message(req, "auth.activationNeeded"), UserID: result.userId });
      }
      setSessionCookie(reply, result.token, result.expiresAt);
      return reply.send({ token: result.token, message: message(req, "auth.signedIn"), UserID: result.user._id });
    },
  );

  r.post(
    "/auth/google",
    { config: { access: "public", rateLimit: rateLimit(config, 10) }, schema: { body: googleSignInInput } },
    async (req, reply) => {
      const result = await googleSignIn(app.deps, req.body.token, { lang: req.lang, theme: req.theme });
      setSessionCookie(reply, result.token, result.expiresAt);
      return reply.send({ token: result.token, message: message(req, "auth.signedIn"), UserID: result.user._id });
    },
  );

  r.get("/auth-status", { config: { access: "user" } }, async (req) => ({ user: await requireUser(req) }));

  // Public on purpose: a stale or missing session still gets its cookie cleared.
  r.post("/logout", { config: { access: "public" } }, async (req, reply) => {
    if (req.sessionToken) await revokeSession(app.deps.db, req.sessionToken);
    clearSessionCookie(reply);
    return reply.send({ message: message(req, "auth.loggedOut") });
  });

  // Limited like the other routes that take a password (the current one, when it changes).
  r.put(
    "/updateuser",
    { config: { access: "user", rateLimit: rateLimit(config, 10) }, schema: { body: updateProfileInput } },
    async (req) => {
      const { user, passwordChanged } = await updateProfile(app.deps, await requireUser(req), req.body, { ip: req.ip });
      return { message: message(req, passwordChanged ? "account.passwordChanged" : "account.profileUpdated"), user };
    },
  );

  r.delete("/delete/user", { config: { access: "user" } }, async (req, reply) => {
    await deleteOwnAccount(app.deps, await requireUser(req));
    clearSessionCookie(reply);
    return reply.send({ message: message(req, "account.accountDeleted") });
  });

  r.post(
    "/activateUser",
    { config: { access: "public", rateLimit: rateLimit(config, 10) }, schema: { body: activateInput } },
    async (req) => ({ message: message(req, (await activateAccount(app.deps, req.body)).messageKey) }),
  );

  r.post(
    "/resendActivationCode",
    { config: { access: "public", rateLimit: rateLimit(config, 5) }, schema: { body: resendActivationInput } },
    async (req) => ({ message: message(req, (await resendActivationCode(app.deps, req.body)).messageKey) }),
  );

  r.post(
    "/checkemail",
    { config: { access: "public", rateLimit: rateLimit(config, 5) }, schema: { body: checkEmailInput } },
    async (req) => ({ message: message(req, requestPasswordReset(app.deps, req.body).messageKey) }),
  );

  r.post(
    "/checktoken",
    { config: { access: "public", rateLimit: rateLimit(config, 10) }, schema: { body: checkTokenInput } },
    async (req) => ({ message: message(req, (await checkResetCode(app.deps, req.body)).messageKey) }),
  );

  r.post(
    "/resetpassword",
    { config: { access: "public", rateLimit: rateLimit(config, 5) }, schema: { body: resetPasswordInput } },
    async (req) => ({ message: message(req, (await resetPassword(app.deps, req.body)).messageKey) }),
  );

  // The language and theme switchers call this for everyone; only an account has somewhere to keep it.
  r.put("/preferences", { config: { access: "public" }, schema: { body: preferencesInput } }, async (req, reply) => {
    const me = await req.currentUser();
    if (!me) return reply.status(204).send();
    await updatePreferences(app.deps, me, req.body);
    return reply.send({ lang: req.body.lang ?? me.lang, theme: req.body.theme ?? me.theme });
  });

  // ── Admin accounts ─────────────────────────────────────────────────────────────────────────
  r.get("/search-users", { config: { access: "admin" }, schema: { querystring: searchUsersQuery } }, async (req) =>
    searchUsers(app.deps.db, req.query),
  );

  const adminAction = (path: string, action: typeof deleteUser, key: string) =>
    r.post(path, { config: { access: "admin" }, schema: { body: userIdInput } }, async (req) => ({
      message: message(req, key),
      user: await action(app.deps, await requireUser(req), req.body.id),
    }));
  adminAction("/deleteuser", deleteUser, "auth.adminDeleted");
  adminAction("/undeleteuser", restoreUser, "auth.adminRestored");
  adminAction("/banuser", banUser, "auth.adminBanned");
  adminAction("/unbanuser", unbanUser, "auth.adminUnbanned");

  r.put(
    "/users/:id/role",
    {
      config: { access: "admin" },
      schema: { params: z.object({ id: z.uuid("validation.notFound") }), body: roleInput },
    },
    async (req) => ({
      message: message(req, "auth.adminRoleChanged"),
      user: await setUserRole(app.deps, await requireUser(req), req.params.id, req.body.role),
    }),
  );
}
