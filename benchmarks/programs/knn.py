"""k-nearest-neighbour classification: a vectorised squared-distance matrix with
``argsort`` and a majority vote with ``collections.Counter``, and the textbook version
with a per-pair Python distance function over rows, checked to agree.

Size at scale 1: 3000 training and 500 test points in 16 dimensions, 5 classes, k = 7;
the per-pair version on the first 25 test points (75000 distance calls).
"""

from collections import Counter


def euclidean_distance(np, a, b):
    return np.sqrt(np.sum((a - b) ** 2))


def vote(labels):
    return Counter(labels).most_common(1)[0][0]


def predict_vectorised(np, X_train, y_train, X_test, k):
    d2 = ((X_test**2).sum(axis=1)[:, None] + (X_train**2).sum(axis=1)[None, :]
          - 2 * X_test @ X_train.T)
    nearest = np.argsort(d2, axis=1, kind="stable")[:, :k]
    predictions = np.array([vote(y_train[idx]) for idx in nearest])
    return predictions, np.sqrt(np.maximum(np.take_along_axis(d2, nearest, axis=1), 0))


def predict_one(np, X_train, y_train, x, k):
    distances = [euclidean_distance(np, x, row) for row in X_train]
    nearest = np.argsort(distances, kind="stable")[:k]
    return vote([y_train[i] for i in nearest]), sorted(distances)[:k]


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(21)
    n_train, n_test = max(150, int(3000 * scale)), max(20, int(500 * scale))
    d, classes, k = 16, 5, 7
    centres = rng.normal(0, 1.2, size=(classes, d))
    y = rng.integers(0, classes, size=n_train + n_test)
    X = centres[y] + rng.normal(size=(n_train + n_test, d))
    X_train, y_train, X_test, y_test = X[:n_train], y[:n_train], X[n_train:], y[n_train:]

    predictions, neighbour_distances = predict_vectorised(np, X_train, y_train, X_test, k)
    n_loop = max(3, int(25 * scale))
    loop_predictions, loop_distances = [], []
    for x in X_test[:n_loop]:
        label, dists = predict_one(np, X_train, y_train, x, k)
        loop_predictions.append(label)
        loop_distances.append(dists)
    return {
        "predictions": predictions,
        "accuracy": np.mean(predictions == y_test),
        "neighbour_distances": neighbour_distances,
        "loop_predictions": loop_predictions,
        "loop_distances": np.array(loop_distances),
        "loop_agrees": bool(np.all(np.array(loop_predictions) == predictions[:n_loop])),
    }
