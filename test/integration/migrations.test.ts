// The committed migrations must build exactly the schema the entities describe: an entity change
// without its migration (npm run migration:create) fails here.
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../src/db/orm';

it('leaves no difference between the migrated database and the entities', async () => {
  const orm = await MikroORM.init(ormOptions(process.env.TEST_DATABASE_URL!));
  try {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    expect(diff.trim()).toBe('');
  } finally {
    await orm.close();
  }
});
