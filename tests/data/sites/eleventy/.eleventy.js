module.exports = function (eleventyConfig) {
  return {
    dir: {
      input: "src",
      includes: "_includes",
    },
    markdownTemplateEngine: "njk",
  };
};
