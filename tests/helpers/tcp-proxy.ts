import { createServer, connect, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  /** host:port the proxy listens on (loopback). */
  port: number
  /** Drops every relayed connection and refuses new ones, as a stopped database server does. */
  cut: () => void
  /** Relays again. */
  restore: () => void
  close: () => Promise<void>
}

/** A TCP relay to `target` that a test can cut and restore, to stand for a database going away. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>()
  let cut = false
  const server: Server = createServer((client) => {
    if (cut) {
      client.destroy()
      return
    }
    const upstream = connect(target.port, target.host)
    open.add(client)
    open.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      open.delete(client)
      open.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    cut: () => {
      cut = true
      for (const socket of open) socket.destroy()
      open.clear()
    },
    restore: () => {
      cut = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
