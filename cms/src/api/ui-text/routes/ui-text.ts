import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::ui-text.ui-text');
