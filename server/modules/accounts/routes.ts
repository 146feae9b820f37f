/** Mounts the accounts contract (contract.ts): SPEC §7 "Session and accounts" and "Admin accounts". */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COOKIES } from "@core/constants";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { sharedLimitHook } from "../../http/shared-rate-limit";
import { accountsContract } from "./contract";
import { revokeSession } from "./sessions";
import { sessionCookieOptions } from "./session-cookie";
import { afterReplyWorkDone } from "./after-reply";
import { signUp } from "./sign-up";
import { logIn } from "./log-in";
import { googleSignIn } from "./google-sign-in";
import { activateAccount, resendActivationCode } from "./activate-account";
import { checkResetCode, requestPasswordReset, resetPassword } from "./reset-password";
import { deleteOwnAccount, updatePreferences, updateProfile } from "./update-profile";
import { banUser, deleteUser, restoreUser, searchUsers, setUserRole, unbanUser } from "./admin-accounts";

export async function accountRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  // E-mails still on their way when the server stops are sent before the database closes.
  app.addHook("onClose", () => afterReplyWorkDone());
  const message = (req: FastifyRequest, key: string, vars?: Record<string, string | number>) =>
    translate(req.lang, key, vars);
  /** Requests a minute from one address (decision 060), scaled by RATE_LIMIT_SCALE. */
  const limit = (max: number) => ({ config: { rateLimit: rateLimit(config, max) } });

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(COOKIES.session, token, sessionCookieOptions(config, expiresAt));
  const clearSessionCookie = (reply: FastifyReply) => reply.clearCookie(COOKIES.session, sessionCookieOptions(config));

  /** The admin actions on another account share one shape. */
  const adminAction =
    (action: typeof deleteUser, key: string) => async (req: FastifyRequest<{ Body: { id: string } }>) => ({
      message: message(req, key),
      user: await action(app.deps, await requireUser(req), req.body.id),
    });

  mountContract(app, "accounts", accountsContract, {
    signUp: [
      async (req) => {
        const { userId } = await signUp(app.deps, req.body, { lang: req.lang, theme: req.theme });
        return { UserID: userId, message: message(req, "auth.signedUp") };
      },
      limit(5),
    ],
    // The /auth page's form post (app/routes/auth.tsx) counts against this same limit.
    logIn: [
      async (req, reply) => {
        const result = await logIn(app.deps, req.body, { ip: req.ip });
        if (result.kind === "needsActivation") {
          return reply.status(202).send({ message: message(req, "auth.activationNeeded"), UserID: result.userId });
        }
        setSessionCookie(reply, result.token, result.expiresAt);
        return { token: result.token, message: message(req, "auth.signedIn"), UserID: result.user._id };
      },
      { onRequest: sharedLimitHook(app, "login") },
    ],
    googleSignIn: [
      async (req, reply) => {
        const result = await googleSignIn(app.deps, req.body.token, { lang: req.lang, theme: req.theme });
        setSessionCookie(reply, result.token, result.expiresAt);
        return { token: result.token, message: message(req, "auth.signedIn"), UserID: result.user._id };
      },
      limit(10),
    ],
    authStatus: async (req) => ({ user: await requireUser(req) }),
    logOut: async (req, reply) => {
      if (req.sessionToken) await revokeSession(app.deps.db, req.sessionToken);
      clearSessionCookie(reply);
      return { message: message(req, "auth.loggedOut") };
    },
    // Limited like the other routes that take a password (the current one, when it changes).
    updateProfile: [
      async (req) => {
        const me = await requireUser(req);
        const { user, passwordChanged } = await updateProfile(app.deps, me, req.body, { ip: req.ip });
        return { message: message(req, passwordChanged ? "account.passwordChanged" : "account.profileUpdated"), user };
      },
      limit(10),
    ],
    deleteOwnAccount: async (req, reply) => {
      await deleteOwnAccount(app.deps, await requireUser(req));
      clearSessionCookie(reply);
      return { message: message(req, "account.accountDeleted") };
    },
    activateAccount: [
      async (req) => ({ message: message(req, (await activateAccount(app.deps, req.body)).messageKey) }),
      limit(10),
    ],
    resendActivationCode: [
      async (req) => ({ message: message(req, (await resendActivationCode(app.deps, req.body)).messageKey) }),
      limit(5),
    ],
    requestPasswordReset: [
      async (req) => ({ message: message(req, requestPasswordReset(app.deps, req.body).messageKey) }),
      limit(5),
    ],
    checkResetCode: [
      async (req) => ({ message: message(req, (await checkResetCode(app.deps, req.body)).messageKey) }),
      limit(10),
    ],
    resetPassword: [
      async (req) => ({ message: message(req, (await resetPassword(app.deps, req.body)).messageKey) }),
      limit(5),
    ],
    updatePreferences: async (req, reply) => {
      const me = await req.currentUser();
      if (!me) return reply.status(204).send();
      await updatePreferences(app.deps, me, req.body);
      return { lang: req.body.lang ?? me.lang, theme: req.body.theme ?? me.theme };
    },
    searchUsers: async (req) => searchUsers(app.deps.db, req.query),
    deleteUser: adminAction(deleteUser, "auth.adminDeleted"),
    restoreUser: adminAction(restoreUser, "auth.adminRestored"),
    banUser: adminAction(banUser, "auth.adminBanned"),
    unbanUser: adminAction(unbanUser, "auth.adminUnbanned"),
    setUserRole: async (req) => ({
      message: message(req, "auth.adminRoleChanged"),
      user: await setUserRole(app.deps, await requireUser(req), req.params.id, req.body.role),
    }),
  });
}
