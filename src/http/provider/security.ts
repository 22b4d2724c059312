// OpenAPI security requirement of the provider API: any one of the three key forms.
export const providerSecurity: Array<Record<string, string[]>> = [
  { providerApiKey: [] },
  { apiKey: [] },
  { bearerKey: [] },
];

export const securitySchemes = {
  providerApiKey: { type: 'apiKey', in: 'header', name: 'x-provider-api-key', description: 'Preferred.' },
  apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Accepted for compatibility.' },
  bearerKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>.' },
  adminToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'Admin API: Authorization: Bearer $ADMIN_TOKEN.',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'rf_staff',
    description:
      'Admin API: the staff session cookie from POST /api/admin/v1/auth/sign-in; non-GET requests also send x-csrf-token.',
  },
} as const;
