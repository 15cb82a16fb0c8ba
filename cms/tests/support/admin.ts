/** The throw-away admin account of the contract tests' CMS (created from CMS_ADMIN_*). */
export const ADMIN = { email: 'contract-admin@studio.test', password: 'Contract-Test-1' };
