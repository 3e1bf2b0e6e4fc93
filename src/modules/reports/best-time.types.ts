// GraphQL type of the best-time report (GET /analytics/best-time answers the same object in snake_case).
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('BestTimeReport')
export class BestTimeReportView {
  @Field({ description: 'The workspace timezone the weekdays and hours are in.' }) timezone!: string;
  @Field(() => Int, { description: 'The window: the last `days` × 24 hours up to now.' }) days!: number;
  @Field(() => Int, { description: 'Replies counted (the sum of the grid).' }) replies!: number;
  @Field(() => [[Int]], { description: 'Seven rows, Monday first (ISO 8601) to Sunday, of 24 counts each, hour 0 to 23.' }) grid!: number[][];
}
