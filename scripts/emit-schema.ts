// npm run schema        writes schema.graphql from the resolvers
// npm run schema:check  fails when schema.graphql differs from what the code builds (CI runs it)
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { collectModules } from '../src/runtime/app-module';
import { buildAppSchema, printAppSchema } from '../src/contracts/graphql/schema';
import { appModules } from '../src/modules';

async function main() {
  const file = path.resolve(__dirname, '../schema.graphql');
  const text = printAppSchema(await buildAppSchema(collectModules(appModules).resolvers));
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error('schema.graphql is out of date with the code: run `npm run schema` and commit it.');
      process.exit(1);
    }
    console.log('schema.graphql matches the code');
  } else {
    fs.writeFileSync(file, text);
    console.log('wrote schema.graphql');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
