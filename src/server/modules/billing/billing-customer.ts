import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { requireAccount } from '../../plugins/auth';
import { findBillingCustomer } from './account-plan.queries';
import type { BillingCustomer } from './billing-provider';

/** The signed-in caller as billing needs it (a 401 first when there is none). */
export const billingCustomerOf = (db: DbOrTx, request: FastifyRequest): Promise<BillingCustomer> => findBillingCustomer(db, requireAccount(request).id);
