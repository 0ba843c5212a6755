/**
 * IdentityApi over HTTP for other services in distributed mode (proto's identity client calls
 * these). Never public: callers must send the shared INTERNAL_TOKEN, and without one
 * configured the routes answer 404 as if they did not exist.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { requireInternalToken } from '@citecheck/platform';
import {
  accountSetupLinkRequestSchema,
  ApiError,
  authenticateRequestSchema,
  identityInternalPaths,
  INTERNAL_TOKEN_HEADER,
  isAdminRequestSchema,
  paidAccountRequestSchema,
  paidPlanSetupRequestSchema,
  payerAccountRequestSchema,
  releaseReportRequestSchema,
  reserveReportRequestSchema,
} from '@citecheck/proto';
import { accountSetupLink } from '../app/account-setup-link';
import { authenticate } from '../app/authenticate';
import { adminOf } from '../app/check-admin';
import { createPaidAccount } from '../app/create-paid-account';
import { payerAccount } from '../app/payer-account';
import { setupPaidPlan } from '../app/setup-paid-plan';
import type { IdentityContext } from '../app/context';
import { releaseReport } from '../app/release-report';
import { reserveReport } from '../app/reserve-report';
import { bodyOf } from './http';

export function addInternalRoutes(router: Router, app: IdentityContext, internalToken: string | undefined): void {
  const requireInternal = (ctx: Context) => requireInternalToken(ctx.get(INTERNAL_TOKEN_HEADER), internalToken);

  router.post(identityInternalPaths.authenticate, async (ctx) => {
    requireInternal(ctx);
    const { sessionToken } = authenticateRequestSchema.parse(bodyOf(ctx));
    ctx.body = { user: await authenticate(app, sessionToken) };
  });

  router.post(identityInternalPaths.reserveReport, async (ctx) => {
    requireInternal(ctx);
    ctx.body = await reserveReport(app, reserveReportRequestSchema.parse(bodyOf(ctx)).userId);
  });

  router.post(identityInternalPaths.releaseReport, async (ctx) => {
    requireInternal(ctx);
    const { userId, reservationId } = releaseReportRequestSchema.parse(bodyOf(ctx));
    await releaseReport(app, userId, reservationId);
    ctx.status = 204;
  });

  router.post(identityInternalPaths.isAdmin, async (ctx) => {
    requireInternal(ctx);
    const { authorization, cookie, ipAddress } = isAdminRequestSchema.parse(bodyOf(ctx));
    const email = await adminOf(app, { authorization, cookie, ip: ipAddress });
    ctx.body = { isAdmin: email !== null, email };
  });

  router.post(identityInternalPaths.createPaidAccount, async (ctx) => {
    requireInternal(ctx);
    const parsed = paidAccountRequestSchema.safeParse(bodyOf(ctx));
    if (!parsed.success) throw new ApiError(400, 'Invalid request body', 'bad_request');
    ctx.body = await createPaidAccount(app, parsed.data);
  });

  router.post(identityInternalPaths.setupPaidPlan, async (ctx) => {
    requireInternal(ctx);
    const parsed = paidPlanSetupRequestSchema.safeParse(bodyOf(ctx));
    if (!parsed.success) throw new ApiError(400, 'Invalid request body', 'bad_request');
    ctx.body = await setupPaidPlan(app, parsed.data);
  });

  router.post(identityInternalPaths.payerAccount, async (ctx) => {
    requireInternal(ctx);
    const parsed = payerAccountRequestSchema.safeParse(bodyOf(ctx));
    if (!parsed.success) throw new ApiError(400, 'Invalid request body', 'bad_request');
    ctx.body = await payerAccount(app, parsed.data);
  });

  router.post(identityInternalPaths.accountSetupLink, async (ctx) => {
    requireInternal(ctx);
    ctx.body = { link: await accountSetupLink(app, accountSetupLinkRequestSchema.parse(bodyOf(ctx)).userId) };
  });
}
