/**
 * Files an image brings into its container's filesystem: /etc/os-release of its base
 * distribution, and nginx's stock configuration and pages. Volume mounts shadow them.
 */
import type { ImageInfo } from './catalogue.ts';
import { nginxVersion, welcomePage } from './servers.ts';

const OS_RELEASE = {
  debian: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\nHOME_URL="https://www.debian.org/"\nSUPPORT_URL="https://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n',
  alpine: 'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.21.3\nPRETTY_NAME="Alpine Linux v3.21"\nHOME_URL="https://alpinelinux.org/"\nBUG_REPORT_URL="https://gitlab.alpinelinux.org/alpine/aports/-/issues"\n',
  ubuntu: 'PRETTY_NAME="Ubuntu 24.04.2 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION="24.04.2 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\nSUPPORT_URL="https://help.ubuntu.com/"\nBUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\nPRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\nUBUNTU_CODENAME=noble\nLOGO=ubuntu-logo\n',
  busybox: 'NAME="BusyBox"\n',
};

function distribution(repo: string, tag: string): keyof typeof OS_RELEASE {
  const name = repo.split('/').pop() ?? '';
  if (name === 'busybox' || name === 'pause') return 'busybox';
  if (name === 'alpine' || name === 'curl' || name === 'traefik' || tag.includes('alpine')) return 'alpine';
  if (['ubuntu', 'mongo', 'rabbitmq', 'eclipse-temurin'].includes(name)) return 'ubuntu';
  return 'debian';
}

const NGINX_CONF = `
user  nginx;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /var/run/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    keepalive_timeout  65;

    #gzip  on;

    include /etc/nginx/conf.d/*.conf;
}
`;

const DEFAULT_CONF = `server {
    listen       80;
    listen  [::]:80;
    server_name  localhost;

    #access_log  /var/log/nginx/host.access.log  main;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    #error_page  404              /404.html;

    # redirect server error pages to the static page /50x.html
    #
    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }
}
`;

const ERROR_PAGE = `<!DOCTYPE html>
<html>
<head>
<title>Error</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
<p>If you are the system administrator of this resource then you should check
the error log for details.</p>
<p><em>Faithfully yours, nginx.</em></p>
</body>
</html>
`;

/** The image's own files by absolute path (none for an unknown image). */
export function imageFiles(image: ImageInfo | undefined, tag: string): Record<string, string> {
  if (!image) return {};
  const files: Record<string, string> = { '/etc/os-release': OS_RELEASE[distribution(image.repository, tag)] };
  if (image.repository.endsWith('/nginx') || image.repository.endsWith('/nginx-slim')) {
    files['/etc/nginx/nginx.conf'] = NGINX_CONF;
    files['/etc/nginx/conf.d/default.conf'] = DEFAULT_CONF;
    files['/usr/share/nginx/html/index.html'] = welcomePage(image.repository.endsWith('/nginx') ? nginxVersion(tag) : '1.27.3');
    files['/usr/share/nginx/html/50x.html'] = ERROR_PAGE;
  }
  return files;
}
