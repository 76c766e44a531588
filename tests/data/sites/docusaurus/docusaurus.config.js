// @ts-check

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Acme',
  url: 'https://example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.js',
        },
        blog: false,
      },
    ],
  ],
};

module.exports = config;
