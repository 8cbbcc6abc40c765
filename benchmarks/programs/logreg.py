"""Logistic regression by full-batch gradient descent with L2 regularisation: sigmoid,
cross-entropy loss, gradient steps, then train and test accuracy.

Size at scale 1: 20000 x 30 standardised features (80/20 split), 400 iterations, float64.
"""


def sigmoid(np, z):
    return 1.0 / (1.0 + np.exp(-z))


def run(np, scale: float = 1.0) -> dict:
    np.random.seed(1234)
    n, d = max(200, int(20000 * scale)), 30
    true_w = np.random.randn(d) * 0.7
    X = np.random.randn(n, d) * np.random.uniform(0.5, 3.0, size=d) + np.random.randn(d)
    logits = (X - X.mean(axis=0)) @ true_w / 2 + 0.3
    y = (np.random.rand(n) < sigmoid(np, logits)).astype(int)

    split = int(0.8 * n)
    X_train, X_test, y_train, y_test = X[:split], X[split:], y[:split], y[split:]
    mu, sigma = X_train.mean(axis=0), X_train.std(axis=0)
    X_train = (X_train - mu) / sigma
    X_test = (X_test - mu) / sigma

    w = np.zeros(d)
    b = 0.0
    lr, lam, iterations = 0.5, 1e-3, 400
    losses = []
    m = X_train.shape[0]
    for i in range(iterations):
        p = sigmoid(np, X_train @ w + b)
        eps = 1e-12
        loss = -np.mean(y_train * np.log(p + eps) + (1 - y_train) * np.log(1 - p + eps))
        loss += lam / 2 * np.sum(w**2)
        if i % 20 == 0:
            losses.append(loss)
        error = p - y_train
        grad_w = X_train.T @ error / m + lam * w
        grad_b = np.sum(error) / m
        w -= lr * grad_w
        b -= lr * grad_b

    train_acc = np.mean((sigmoid(np, X_train @ w + b) >= 0.5) == y_train)
    test_prob = sigmoid(np, X_test @ w + b)
    test_pred = (test_prob > 0.5).astype(int)
    return {
        "weights": w,
        "bias": b,
        "losses": losses,
        "train_accuracy": train_acc,
        "test_accuracy": (test_pred == y_test).mean(),
        "test_prob": test_prob,
    }
