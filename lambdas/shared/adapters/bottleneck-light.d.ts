/** bottleneck's single-file build (the one @octokit/plugin-throttling loads) has the full build's API. */
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
