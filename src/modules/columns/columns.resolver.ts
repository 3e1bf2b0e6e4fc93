import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Scope } from '../../contracts/graphql/scopes';
import { CreateBlockInput, RunBlockInput, UpdateBlockCellInput, UpdateBlockInput } from './columns.inputs';
import * as columns from './columns.service';
import { BlockCellView, BlockPreviewView, BlockRunView, BlockView } from './columns.types';

@Resolver()
export class ColumnsResolver {
  @Scope('campaigns:read')
  @Query(() => [BlockView], { description: "GET /campaigns/:id/blocks: the campaign's columns, oldest first, with lead counts." })
  blocks(@Arg('campaignId', () => ID) campaignId: string, @Ctx() ctx: Context) {
    return columns.listColumns(authed(ctx), campaignId);
  }

  @Scope('campaigns:read')
  @Query(() => [BlockCellView], { description: "GET /campaigns/:id/blocks/cells: the cells of the campaign's columns for up to 200 leads." })
  blockCells(@Arg('campaignId', () => ID) campaignId: string, @Arg('leadIds', () => [ID]) leadIds: string[], @Ctx() ctx: Context) {
    return columns.cellsForLeadList(authed(ctx), campaignId, leadIds);
  }

  @Scope('campaigns:write')
  @Mutation(() => BlockView, { description: 'POST /campaigns/:id/blocks.' })
  createBlock(@Arg('campaignId', () => ID) campaignId: string, @Arg('input') input: CreateBlockInput, @Ctx() ctx: Context) {
    return columns.createColumn(authed(ctx), campaignId, input);
  }

  @Scope('campaigns:read')
  @Mutation(() => BlockPreviewView, {
    description: 'POST /campaigns/:id/blocks/preview: the column tried on five leads; nothing saved (prompt calls count under the monthly cap).',
  })
  previewBlock(@Arg('campaignId', () => ID) campaignId: string, @Arg('input') input: CreateBlockInput, @Ctx() ctx: Context) {
    return columns.previewColumn(authed(ctx), campaignId, input);
  }

  @Scope('campaigns:write')
  @Mutation(() => BlockView, { description: 'PATCH /blocks/:id: template and max_chars; refused while a run goes.' })
  updateBlock(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateBlockInput, @Ctx() ctx: Context) {
    return columns.updateColumn(authed(ctx), id, input);
  }

  @Scope('campaigns:write')
  @Mutation(() => BlockRunView, { description: 'POST /blocks/:id/run: fills the column in the background.' })
  runBlock(@Arg('id', () => ID) id: string, @Arg('input', () => RunBlockInput, { nullable: true }) input: RunBlockInput | null, @Ctx() ctx: Context) {
    return columns.runColumn(authed(ctx), id, input ?? {});
  }

  @Scope('campaigns:write')
  @Mutation(() => Deleted, { description: 'DELETE /blocks/:id: the column and the values it wrote.' })
  deleteBlock(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return columns.deleteColumn(authed(ctx), id);
  }

  @Scope('campaigns:write')
  @Mutation(() => BlockCellView, { description: 'PATCH /blocks/:id/cells/:leadId: a value by hand; runs never overwrite it.' })
  updateBlockCell(@Arg('id', () => ID) id: string, @Arg('leadId', () => ID) leadId: string, @Arg('input') input: UpdateBlockCellInput, @Ctx() ctx: Context) {
    return columns.editCell(authed(ctx), id, leadId, input);
  }
}
