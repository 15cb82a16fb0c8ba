import { redirect } from 'react-router';

// Spec 2: "/" redirects to /login, as an HTTP redirect from the server.
export const loader = () => redirect('/login');
