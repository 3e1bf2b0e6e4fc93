import type { Response } from 'express';
import * as leads from '../../src/modules/leads/leads.service';
import { createOneOffLead } from '../../src/modules/one-offs/one-off-lead.service';
import { csvFileName, type CsvSink } from '../../src/modules/leads/leads-csv';
import { parseLeadQuery, parseLeadSearch, parseWorkspaceLeadQuery, UpdateLeadInput } from '../../src/modules/leads/leads.inputs';
import { OneOffLeadInput } from '../../src/modules/one-offs/one-offs.inputs';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';
import { snake } from '../shape';

type Query = Record<string, unknown>;

/** The response as a CSV sink: resolves each write once the socket can take more. */
function responseSink(res: Response): CsvSink {
  return {
    write: (chunk) =>
      new Promise((resolve, reject) => {
        if (res.destroyed) return reject(new Error('client went away'));
        if (res.write(chunk)) resolve();
        else {
          const done = (err?: Error) => {
            res.off('drain', done);
            res.off('close', done);
            if (err || res.destroyed) reject(err ?? new Error('client went away'));
            else resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        }
      }),
  };
}

// Lead objects are camelCase (api.md); the workspace list's reduced lead adds campaign_id and campaign.
export const leadRoutes = [
  route({
    method: 'get',
    path: '/campaigns/:id/leads',
    handle: async (ctx, req, res) => {
      const { total, leads: page } = await leads.listCampaignLeads(ctx, param(req, 'id'), await parseLeadQuery(req.query as Query));
      res.set('X-Total-Count', String(total));
      return page;
    },
  }),
  route({ method: 'get', path: '/campaigns/:id/lead-fields', handle: (ctx, req) => leads.leadFields(ctx, param(req, 'id')) }),
  route({
    method: 'get',
    path: '/campaigns/:id/leads.csv',
    handle: async (ctx, req, res) => {
      try {
        await leads.exportCampaignLeadsCsv(ctx, param(req, 'id'), (campaign) => {
          res.status(200);
          res.set('Content-Type', 'text/csv; charset=utf-8');
          res.set('Content-Disposition', `attachment; filename="${csvFileName(campaign.name)}"`);
          return responseSink(res);
        });
      } catch (err) {
        // Before the first byte the error handler answers in JSON; after it, the download is cut short.
        if (!res.headersSent) throw err;
        res.destroy(err as Error);
        return undefined;
      }
      res.end();
      return undefined;
    },
  }),
  route({
    method: 'get',
    path: '/leads',
    handle: async (ctx, req, res) => {
      const { total, leads: page } = await leads.listLeads(ctx, await parseWorkspaceLeadQuery(req.query as Query));
      res.set('X-Total-Count', String(total));
      return page.map((l) => ({
        id: l.id,
        email: l.email,
        vars: l.vars,
        status: l.status,
        stopReason: l.stopReason,
        interest: l.interest,
        currentStep: l.currentStep,
        nextDueAt: l.nextDueAt,
        createdAt: l.createdAt,
        campaign_id: l.campaignId,
        campaign: l.campaignName,
      }));
    },
  }),
  // Before /leads/:id so "search" is not read as an id.
  route({ method: 'get', path: '/leads/search', handle: async (ctx, req) => snake(await leads.searchLeads(ctx, await parseLeadSearch(req.query as Query))) }),
  route({ method: 'post', path: '/leads/one-off', handle: async (ctx, req) => snake(await createOneOffLead(ctx, await parseInput(OneOffLeadInput, req.body))) }),
  route({ method: 'get', path: '/leads/:id', handle: (ctx, req) => leads.getLead(ctx, param(req, 'id')) }),
  route({
    method: 'get',
    path: '/leads/:id/activity',
    handle: async (ctx, req) => {
      const { lead, timeline } = await leads.leadActivity(ctx, param(req, 'id'));
      return { lead, timeline: snake(timeline) };
    },
  }),
  route({ method: 'patch', path: '/leads/:id', handle: async (ctx, req) => leads.updateLead(ctx, param(req, 'id'), await parseInput(UpdateLeadInput, req.body)) }),
  route({ method: 'delete', path: '/leads/:id', handle: (ctx, req) => leads.deleteLead(ctx, param(req, 'id')) }),
];
