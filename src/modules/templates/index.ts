import type { AppModule } from '../../runtime/app-module';

// The template language (README.md): pure functions the areas holding templates call. It contributes no
// entity, route, job or extension; the manifest names the area in the module list.
export const templatesModule: AppModule = {
  name: 'templates',
  description: 'The template language: merge fields, RANDOM spintax and conditions, parsed in linear time and rendered for one lead.',
};
