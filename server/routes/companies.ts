// A dealer's own company: its details, its locations and (for its company admin) its members
// (docs/decisions/040-dealer-companies.md). Which company is the caller's comes from the membership the
// database holds, never from the request: another company's location is answered as a missing one.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CompanyUpdateBodySchema, LocationCreateBodySchema, LocationUpdateBodySchema, companyMessages } from '../../src/contract/dealer-company';
import { IdSchema } from '../../src/contract/fields';
import { currentUser } from '../auth/guards';
import type { Db } from '../db/client';
import { AppError, forbidden, notFound } from '../errors';
import { parseBody, parseParam } from '../lib/validate';
import {
  addLocation,
  deleteLocation,
  findCompany,
  findMembership,
  listLocations,
  listMembers,
  makeDefaultLocation,
  updateCompany,
  updateLocation,
  type Membership,
} from '../repositories/companies';
import { companySchemas as schemas } from '../schemas/company';

async function membershipOf(db: Db, request: FastifyRequest): Promise<Membership> {
  const membership = await findMembership(db, currentUser(request).id);
  if (!membership) throw new AppError('not_found', companyMessages.noCompany);
  return membership;
}

/** The caller's company, when the caller is its company admin: buyers see it and change nothing. */
async function companyAdminOf(db: Db, request: FastifyRequest): Promise<string> {
  const membership = await membershipOf(db, request);
  if (membership.role !== 'company_admin') throw forbidden(companyMessages.onlyCompanyAdmin);
  return membership.companyId;
}

const LOCATION = 'That location';

const companyRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;
  const signedIn = app.guards.signedIn;

  app.get('/company', { preHandler: signedIn, schema: schemas.mine }, async (request, reply) => {
    const membership = await membershipOf(db, request);
    const [company, locations, members] = await Promise.all([
      findCompany(db, membership.companyId),
      listLocations(db, membership.companyId),
      membership.role === 'company_admin' ? listMembers(db, membership.companyId) : Promise.resolve(null),
    ]);
    if (!company) throw new AppError('not_found', companyMessages.noCompany);
    // The company's people and addresses on shared trade-counter tablets: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return { company, role: membership.role, locations, ...(members ? { members } : {}) };
  });

  app.patch('/company', { preHandler: signedIn, schema: schemas.update }, async (request) => {
    const companyId = await companyAdminOf(db, request);
    const body = parseBody(CompanyUpdateBodySchema, request.body);
    const company = await updateCompany(db, companyId, body);
    if (!company) throw new AppError('not_found', companyMessages.noCompany);
    return company;
  });

  app.post('/company/locations', { preHandler: signedIn, schema: schemas.addLocation }, async (request, reply) => {
    const companyId = await companyAdminOf(db, request);
    const body = parseBody(LocationCreateBodySchema, request.body);
    const location = await addLocation(db, companyId, body);
    return reply.code(201).send(location);
  });

  app.patch<{ Params: { id: string } }>('/company/locations/:id', { preHandler: signedIn, schema: schemas.updateLocation }, async (request) => {
    const companyId = await companyAdminOf(db, request);
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    const body = parseBody(LocationUpdateBodySchema, request.body);
    const location = await updateLocation(db, companyId, id, body);
    if (!location) throw notFound(LOCATION);
    return location;
  });

  app.delete<{ Params: { id: string } }>('/company/locations/:id', { preHandler: signedIn, schema: schemas.deleteLocation }, async (request) => {
    const companyId = await companyAdminOf(db, request);
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    const outcome = await deleteLocation(db, companyId, id);
    if (outcome === 'not_found') throw notFound(LOCATION);
    if (outcome === 'default_in_use') throw new AppError('conflict', companyMessages.defaultInUse);
    return { deletedCount: 1 };
  });

  app.post<{ Params: { id: string } }>('/company/locations/:id/default', { preHandler: signedIn, schema: schemas.makeDefaultLocation }, async (request) => {
    const companyId = await companyAdminOf(db, request);
    const id = parseParam(IdSchema, request.params.id, LOCATION);
    const location = await makeDefaultLocation(db, companyId, id);
    if (!location) throw notFound(LOCATION);
    return location;
  });
};
export default companyRoutes;
