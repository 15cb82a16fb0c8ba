import { wholeListController } from '../../../utils/whole-list';

// The site reads a locale's whole list at once (one cached call per page language).
export default wholeListController('api::media-text.media-text');
