import { publicRouter } from '../../../utils/public-router';

export default publicRouter('api::contact-mess.contact-mess');
