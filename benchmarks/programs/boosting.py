"""Gradient boosting for regression (squared loss) with depth-2 regression trees: per
feature, a sort and cumulative sums give every threshold's squared error at once; the
best split over features is kept, and leaf values shrunk by the learning rate.

Size at scale 1: Friedman #1 data, 2000 training and 500 test rows of 10 features,
120 rounds of depth-2 trees, learning rate 0.1.
"""


def best_split(np, X, r):
    """(feature, threshold, sse) of the best single split of residuals r, or None."""
    n, d = X.shape
    best = None
    if n < 4:
        return best
    counts = np.arange(1, n)
    for j in range(d):
        order = np.argsort(X[:, j], kind="stable")
        xs, rs = X[order, j], r[order]
        csum, csq = np.cumsum(rs), np.cumsum(rs**2)
        left_sse = csq[:-1] - csum[:-1] ** 2 / counts
        right_sum = csum[-1] - csum[:-1]
        right_sse = (csq[-1] - csq[:-1]) - right_sum**2 / (n - counts)
        sse = left_sse + right_sse
        sse[xs[1:] == xs[:-1]] = np.inf
        i = np.argmin(sse)
        if np.isfinite(sse[i]) and (best is None or sse[i] < best[2]):
            best = (j, (xs[i] + xs[i + 1]) / 2, sse[i])
    return best


def fit_tree(np, X, r, depth):
    split = best_split(np, X, r) if depth > 0 else None
    if split is None:
        return {"value": r.mean()}
    j, threshold, _ = split
    left = X[:, j] <= threshold
    return {
        "feature": j,
        "threshold": threshold,
        "left": fit_tree(np, X[left], r[left], depth - 1),
        "right": fit_tree(np, X[~left], r[~left], depth - 1),
    }


def predict_tree(np, tree, X):
    if "value" in tree:
        return np.full(len(X), tree["value"])
    left = X[:, tree["feature"]] <= tree["threshold"]
    out = np.empty(len(X))
    out[left] = predict_tree(np, tree["left"], X[left])
    out[~left] = predict_tree(np, tree["right"], X[~left])
    return out


def friedman1(np, rng, n):
    X = rng.uniform(size=(n, 10))
    y = (10 * np.sin(np.pi * X[:, 0] * X[:, 1]) + 20 * (X[:, 2] - 0.5) ** 2
         + 10 * X[:, 3] + 5 * X[:, 4] + rng.normal(size=n))
    return X, y


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(17)
    X_train, y_train = friedman1(np, rng, max(100, int(2000 * scale)))
    X_test, y_test = friedman1(np, rng, max(50, int(500 * scale)))
    rounds, lr = 120, 0.1

    base = y_train.mean()
    pred_train = np.full(len(y_train), base)
    pred_test = np.full(len(y_test), base)
    train_mse, test_mse, features = [], [], []
    for _ in range(rounds):
        residual = y_train - pred_train
        tree = fit_tree(np, X_train, residual, depth=2)
        pred_train += lr * predict_tree(np, tree, X_train)
        pred_test = pred_test + lr * predict_tree(np, tree, X_test)
        train_mse.append(np.mean((y_train - pred_train) ** 2))
        test_mse.append(((y_test - pred_test) ** 2).mean())
        features.append(tree.get("feature", -1))

    importance = np.bincount(np.array(features) + 1, minlength=11)[1:]
    return {
        "train_mse": np.array(train_mse),
        "test_mse": np.array(test_mse),
        "test_predictions": pred_test,
        "root_features": features,
        "root_feature_counts": importance,
    }
