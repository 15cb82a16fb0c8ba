import { redirect } from 'react-router';

// Spec 2: the shell's index (/dailyPage and /dailyPage/) redirects to the project grid.
export const loader = () => redirect('/dailyPage/project');
