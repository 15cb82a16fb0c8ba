import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::profilelist.profilelist');
