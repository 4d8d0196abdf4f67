import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listDisputes, listInvoiceRequests } from '@portal/db';
import {
  Dispute,
  DisputeFormBody,
  Disputes,
  DisputeUpdateBody,
  FormRefusal,
  FormSettings,
  InvoiceRequest,
  InvoiceRequestBody,
  InvoiceRequests,
  InvoiceRequestUpdateBody,
  RecordIdParams,
} from '@portal/domain/api/forms';
import { requireUser } from '../plugins/access.js';
import { createDisputes } from './create-disputes.js';
import { createInvoiceRequest } from './create-invoice-request.js';
import { deleteDispute } from './delete-dispute.js';
import { deleteInvoiceRequest } from './delete-invoice-request.js';
import { updateDispute } from './update-dispute.js';
import { updateInvoiceRequest } from './update-invoice-request.js';

// SPEC.md §7 Forms, word for word: customer invoice requests and the retailer's disputes, for
// the operations team (internal admins pass too). The rules and their messages are in
// packages/domain/operational-forms; a record a batch has taken answers 409.

const ops = { access: { feature: 'INTERNAL_OPERATIONS_TEAM' as const } };
const refusals = { 400: FormRefusal, 404: FormRefusal, 409: FormRefusal };

const formRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = { db: app.db, now: app.now };
  const retailer = app.config.FORMS_RETAILER;

  app.get(
    '/api/form/settings',
    { config: ops, schema: { summary: 'The retailer of the dispute form', response: { 200: FormSettings } } },
    async () => ({ retailer }),
  );

  app.get(
    '/api/form/user-invoices',
    {
      config: ops,
      schema: { summary: 'Customer invoice requests', response: { 200: InvoiceRequests } },
    },
    async () => listInvoiceRequests(app.db),
  );
  app.post(
    '/api/form/user-invoices',
    {
      config: ops,
      schema: {
        summary: 'Files a customer invoice request',
        body: InvoiceRequestBody,
        response: { 201: InvoiceRequest, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createInvoiceRequest(deps, requireUser(request).userId, request.body)),
  );
  app.put(
    '/api/form/user-invoices',
    {
      config: ops,
      schema: {
        summary: 'Edits a pending invoice request',
        body: InvoiceRequestUpdateBody,
        response: { 200: InvoiceRequest, ...refusals },
      },
    },
    async (request) => updateInvoiceRequest(deps, requireUser(request).userId, request.body),
  );
  app.delete(
    '/api/form/user-invoices/:recordId',
    {
      config: ops,
      schema: {
        summary: 'Deletes a pending invoice request',
        params: RecordIdParams,
        response: { 200: InvoiceRequest, ...refusals },
      },
    },
    async (request) => deleteInvoiceRequest(deps, requireUser(request).userId, request.params.recordId),
  );

  app.get(
    '/api/form/disputes',
    {
      config: ops,
      schema: { summary: "The retailer's pending disputes", response: { 200: Disputes } },
    },
    async () => listDisputes(app.db, retailer, false),
  );
  app.get(
    '/api/form/disputes/history',
    {
      config: ops,
      schema: {
        summary: 'The historic disputes: those a batch has taken',
        response: { 200: Disputes },
      },
    },
    async () => listDisputes(app.db, retailer, true),
  );
  app.post(
    '/api/form/disputes',
    {
      config: ops,
      schema: {
        summary: 'Files the disputes of one form, all or none',
        body: DisputeFormBody,
        response: { 201: Disputes, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createDisputes(deps, requireUser(request).userId, retailer, request.body)),
  );
  app.put(
    '/api/form/disputes',
    {
      config: ops,
      schema: {
        summary: 'Edits a pending dispute',
        body: DisputeUpdateBody,
        response: { 200: Dispute, ...refusals },
      },
    },
    async (request) => updateDispute(deps, requireUser(request).userId, retailer, request.body),
  );
  app.delete(
    '/api/form/disputes/:recordId',
    {
      config: ops,
      schema: {
        summary: 'Deletes a pending dispute',
        params: RecordIdParams,
        response: { 200: Dispute, ...refusals },
      },
    },
    async (request) => deleteDispute(deps, requireUser(request).userId, retailer, request.params.recordId),
  );
};

export default formRoutes;
