// What the rest of the app may use of this feature; its other files are its own.
export { BuyerGithubCallbackView } from './components/buyer-github-callback-view';
export { BuyerNetlifyCallbackView } from './components/buyer-netlify-callback-view';
export { DeployButton } from './components/deploy-button';
export { DeploymentsCard } from './components/deployments-card';
export { GithubConnectionAction, NetlifyConnectionStatus } from './components/github-connection';
export { StoriesView } from './components/stories-view';
