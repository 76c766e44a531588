import type {Config} from '@docusaurus/types';

const lastVersion = process.env.LAST ?? '2.x';

const config: Config = {
  title: 'Acme',
  url: 'https://acme.example',
  baseUrl: '/',
  presets: [
    [
      'classic',
      {
        docs: {
          "path": "./docs",
          "routeBasePath": "/",
          lastVersion: lastVersion,
        },
        blog: { "path": "blog" },
      },
    ],
  ],
  plugins: [
    'docusaurus-plugin-sass',
    [
      '@docusaurus/plugin-content-docs',
      { id: 'api', path: './api-docs', routeBasePath: 'api' },
    ],
  ],
};

export default config;
