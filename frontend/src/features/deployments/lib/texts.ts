/** The buyer deployment texts live in the contract (buyer spec §8 Deploy, §2 callbacks). */
export { DEPLOY_MESSAGES } from '@contracts/deployments';
