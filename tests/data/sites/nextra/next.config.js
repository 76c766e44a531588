const withNextra = require("nextra")({
  theme: "nextra-theme-docs",
  themeConfig: "./theme.config.js",
});

module.exports = withNextra({
  i18n: {
    locales: ["en-US", "ja"],
    defaultLocale: "en-US",
  },
  redirects: () => [
    { source: "/docs/options", destination: "/docs/api", statusCode: 301 },
  ],
});
