import { defineConfig } from 'vitepress'

export default defineConfig({
  title: 'Acme',
  description: 'Acme documentation',
  cleanUrls: true,
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/getting-started' },
      { text: 'Reference', link: '/reference/cli' },
    ],
  },
})
