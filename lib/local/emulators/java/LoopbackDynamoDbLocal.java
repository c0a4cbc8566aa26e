// DynamoDB Local, listening on 127.0.0.1 only.
//
// DynamoDBLocal.jar has no option for the address it binds, and its Jetty server listens on every
// interface, so anyone on the same network could read and write a developer's local database.
// This launcher builds the server exactly as `java -jar DynamoDBLocal.jar <args>` does, sets the
// address of its connectors to loopback, then starts it. It runs with Java's single-file source
// launcher (`java -cp <jar and libs> LoopbackDynamoDbLocal.java <args>`), so nothing is compiled
// into the repository. Used by lib/local/emulators.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    // The Jetty server is a private field of the proxy; it is not started yet.
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector serverConnector) {
        serverConnector.setHost("127.0.0.1");
        bound++;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    proxy.start();
    System.out.println("DynamoDB Local listens on 127.0.0.1 only");
    proxy.join();
  }
}
