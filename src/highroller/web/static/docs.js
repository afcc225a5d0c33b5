// The API documentation page: Swagger UI, served from /docs-assets, reading this server's OpenAPI schema.
// No validator (it would send the schema to validator.swagger.io): the page needs nothing but this server.

window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
